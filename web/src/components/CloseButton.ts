import styled from 'styled-components';

/** A round icon button in a panel's top right corner that closes or dismisses it. */
export const CloseButton = styled.button`
  position: absolute;
  top: 1rem;
  right: 1rem;
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; color: ${({ theme }) => theme.colors.text}; }
  svg { width: 1.2rem; height: 1.2rem; }
`;
