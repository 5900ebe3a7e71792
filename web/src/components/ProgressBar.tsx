import styled from 'styled-components';

const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number; $done: boolean }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme, $done }) => ($done ? theme.gradients.gold : theme.gradients.brand)};
  transition: width 300ms ease;
`;

/** A labelled progress bar (role progressbar), 0 to 100 percent. */
export function ProgressBar({ label, percent, done = false }: { label: string; percent: number; done?: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <Fill $percent={value} $done={done} />
    </Track>
  );
}
