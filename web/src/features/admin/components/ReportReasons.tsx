import styled from 'styled-components';
import type { PogId } from '@pog/common';
import { reportCountLabel } from '../display';
import { usePogReports } from '../queries';
import { Muted } from './styles';

const Section = styled.section`
  margin-top: 1rem;
  h3 { font-size: 0.95rem; margin-bottom: 0.4rem; }
`;

const Reasons = styled.ul`
  display: grid;
  gap: 0.35rem;
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 9rem;
  overflow-y: auto;
  li { font-size: 0.875rem; overflow-wrap: anywhere; }
  q { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Why players reported the POG: one line per reporter, the open reports marked (a decision answers them). */
export function ReportReasons({ pogId }: { pogId: PogId }) {
  const reports = usePogReports(pogId);
  if (reports.isPending) return null;
  if (reports.isError) return <Muted role="alert">The reports could not be loaded.</Muted>;
  if (reports.data.length === 0) return null;
  return (
    <Section aria-labelledby="report-reasons-title">
      <h3 id="report-reasons-title">{reportCountLabel(reports.data.length)}</h3>
      {/* It scrolls on its own, so it takes focus: the keyboard can scroll it too. */}
      <Reasons tabIndex={0} aria-label="Report reasons" data-testid="report-reasons">
        {reports.data.map((report) => (
          <li key={report.id}>
            <strong>{report.username}</strong>: <q>{report.reason}</q>
            {report.resolvedAt && <Muted as="span"> (answered)</Muted>}
          </li>
        ))}
      </Reasons>
    </Section>
  );
}
