import styled from 'styled-components';
import { DEFAULT_AVATAR_COLOR } from '@pog/common';
import { inkOn } from './contrast';

const Circle = styled.span<{ $color: string; $ink: string; $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  color: ${({ $ink }) => $ink};
  font-weight: 800;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  letter-spacing: 0.02em;
  box-shadow: inset 0 0 0 2px rgba(255, 255, 255, 0.25);
`;

/**
 * Initials on a colour (the avatar of the product spec (screens)); decorative unless given a label. The
 * initials are white or black, whichever reads better on the player's colour.
 */
export function Avatar({ initials, color, size = 36 }: { initials: string; color?: string | null | undefined; size?: number }) {
  const background = color || DEFAULT_AVATAR_COLOR;
  return (
    <Circle $color={background} $ink={inkOn(background)} $size={size} aria-hidden="true">
      {initials}
    </Circle>
  );
}
