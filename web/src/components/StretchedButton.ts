import { css } from 'styled-components';

/**
 * A button stretched over its tile (which must be `position: relative`): a click anywhere on the
 * tile presses it, while the button itself holds only its short visible text. Its accessible name
 * can then say more ("Offer Sunset") and still contain all it shows, which a speech user relies on
 * (WCAG 2.5.3); the disc art and badges around it are not part of the control's text.
 */
export const stretchedButton = css`
  position: static;
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 1;
    border-radius: inherit;
  }
  &:disabled { cursor: not-allowed; }
  &:focus-visible { outline: none; }
  &:focus-visible::after {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
