import styled from 'styled-components';

/** A board's table: ranks and names left, figures right, the viewer's own row marked. */
export const BoardTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption { text-align: left; font-weight: 700; padding-bottom: 0.5rem; }
  th, td { padding: 0.55rem 0.6rem; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  th { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
  td.figure, th.figure { text-align: right; font-variant-numeric: tabular-nums; }
  tr[aria-current='true'] td { background: ${({ theme }) => theme.colors.backgroundAlt}; font-weight: 700; }
`;
