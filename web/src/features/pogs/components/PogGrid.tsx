import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { DISPLAY } from '@pog/common';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { POG_CARD_SIZES, type PogCardSize } from './PogCard';

const Grid = styled.ul<{ $min: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}px, 1fr));
  gap: 1rem;
  justify-items: center;
  /* Cards out of view are not laid out or painted until they come near (their size is kept). */
  > li {
    content-visibility: auto;
    contain-intrinsic-size: auto ${({ $min }) => $min}px auto 240px;
  }
`;

/** A responsive grid of POG cards; give each child a key. */
export function PogGrid({ size = 'md', label, children }: { size?: PogCardSize; label: string; children: ReactNode }) {
  return (
    <Grid $min={POG_CARD_SIZES[size] + 24} aria-label={label}>
      {children}
    </Grid>
  );
}

const pulse = keyframes`0%, 100% { opacity: 0.45; } 50% { opacity: 0.9; }`;

const Bone = styled.li<{ $size: number }>`
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  width: ${({ $size }) => $size + 24}px;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  animation: ${pulse} 1.4s ease-in-out infinite;
  &::before {
    content: '';
    width: ${({ $size }) => $size}px;
    height: ${({ $size }) => $size}px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &::after {
    content: '';
    width: 60%;
    height: 0.9rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** The loading state of a POG grid: 10 placeholder cards (product spec: limits). */
export function PogGridSkeleton({ size = 'md', label = 'Loading POGs...' }: { size?: PogCardSize; label?: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Grid $min={POG_CARD_SIZES[size] + 24} aria-hidden="true" data-testid="pog-skeletons">
        {Array.from({ length: DISPLAY.gridSkeletons }, (_, index) => (
          <Bone key={index} $size={POG_CARD_SIZES[size]} />
        ))}
      </Grid>
    </div>
  );
}
