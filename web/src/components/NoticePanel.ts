import styled from 'styled-components';

/**
 * A centred panel for a whole section's message (an error, a player who does not exist): neutral,
 * or `$tone="danger"` for failures.
 */
export const NoticePanel = styled.section<{ $tone?: 'neutral' | 'danger' }>`
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  max-width: 520px;
  margin: 3rem auto;
  padding: 2rem;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSurface : theme.colors.surface)};
`;
