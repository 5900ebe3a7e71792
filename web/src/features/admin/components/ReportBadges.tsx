import type { Pog } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { reportCountLabel } from '../display';

/**
 * A POG card's report badges: how many players reported it (when any did), and Hidden while enough
 * of them did that it is out of other players' sight until a decision.
 */
export function ReportBadges({ pog }: { pog: Pick<Pog, 'reportCount' | 'hiddenByReports'> }) {
  const count = pog.reportCount ?? 0;
  return (
    <>
      {count > 0 && (
        <Badge $variant="secondary" data-testid="report-count" title={reportCountLabel(count)}>
          {reportCountLabel(count)}
        </Badge>
      )}
      {pog.hiddenByReports && (
        <Badge $variant="outline" title="Hidden from other players until a moderator decides">
          Hidden
        </Badge>
      )}
    </>
  );
}
