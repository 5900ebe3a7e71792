import styled, { keyframes } from 'styled-components';

const drop = keyframes`from { opacity: 0; transform: translateY(-6px); } to { opacity: 1; transform: none; }`;

/** A panel hanging below a header button. */
export const Popover = styled.div<{ $width?: number }>`
  position: absolute;
  top: calc(100% + 0.6rem);
  right: 0;
  z-index: ${({ theme }) => theme.zIndex.popover};
  width: ${({ $width = 280 }) => `min(${$width}px, calc(100vw - 1.5rem))`};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.pop};
  overflow: hidden;
  animation: ${drop} 140ms ease-out;
`;

export const Anchor = styled.div`
  position: relative;
`;
