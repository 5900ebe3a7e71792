/** A board row's latest battle: a link to its public page (/battles/:id, open to everyone). */
import { Link } from 'react-router';
import type { BattleId } from '@pog/common';

export const LAST_BATTLE_HEADER = 'Last battle';

export function LastBattleCell({ entry }: { entry: { lastBattleId: BattleId | null; username: string } }) {
  return (
    <td>
      {entry.lastBattleId === null ? (
        'None yet'
      ) : (
        <Link to={`/battles/${entry.lastBattleId}`} aria-label={`Watch ${entry.username}'s last battle`}>
          Watch
        </Link>
      )}
    </td>
  );
}
