import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.accent};
  border-right-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner({ size = 24, label = 'Loading...' }: { size?: number; label?: string }) {
  return (
    <span role="status">
      <Ring $size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

const Center = styled.div`
  flex: 1;
  display: grid;
  place-items: center;
  min-height: 50vh;
`;

/** Shown while the session or a lazily loaded screen is on its way. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <Center>
      <Spinner size={48} label={label} />
    </Center>
  );
}
