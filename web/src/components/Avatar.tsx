import styled from 'styled-components';
import { DEFAULT_AVATAR_COLOR } from '@pog/common';

const Circle = styled.span<{ $color: string; $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  color: #fff;
  font-weight: 800;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  letter-spacing: 0.02em;
  text-shadow: 0 1px 2px rgba(0, 0, 0, 0.35);
  box-shadow: inset 0 0 0 2px rgba(255, 255, 255, 0.25);
`;

/** Initials on a colour (the avatar of spec section 2); decorative unless given a label. */
export function Avatar({ initials, color, size = 36 }: { initials: string; color?: string | null | undefined; size?: number }) {
  return (
    <Circle $color={color || DEFAULT_AVATAR_COLOR} $size={size} aria-hidden="true">
      {initials}
    </Circle>
  );
}
