import type { MouseEvent } from 'react';
import styled from 'styled-components';

/** Off screen until focused: then it sits over the header's top-left corner. */
const Link = styled.a`
  position: absolute;
  top: 0.5rem;
  left: 0.5rem;
  z-index: ${({ theme }) => theme.zIndex.toast};
  padding: 0.6rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  text-decoration: none;
  transform: translateY(-200%);
  &:focus { transform: none; }
`;

export const MAIN_CONTENT_ID = 'content';

/**
 * The first stop of the keyboard: skips the header's links to the screen itself. It moves focus
 * rather than the URL (a #fragment would add a history entry to a client-side route).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <Link href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </Link>
  );
}
