import type { User } from '@pog/common';
import { InlineLink } from '../../components/InlineLink';
import { PageSection } from '../../components/Page';
import { winnerName } from '../../features/battles/outcome';
import { useBattleHistory } from '../../features/battles/queries';

/** How many of a player's latest battles their page lists. */
const SHOWN = 5;

/** A player's latest completed battles (their public record), each linked to its public page. */
export function PlayerBattles({ player }: { player: Pick<User, 'id' | 'username'> }) {
  const history = useBattleHistory(player.id);
  const battles = (history.data ?? []).filter((battle) => battle.status === 'completed').slice(0, SHOWN);
  if (battles.length === 0) return null;
  return (
    <PageSection aria-labelledby="player-battles-heading">
      <h2 id="player-battles-heading">Recent battles</h2>
      <ul>
        {battles.map((battle) => (
          <li key={battle.id}>
            <InlineLink to={`/battles/${battle.id}`}>
              {battle.challenger.username} vs {battle.defender.username}
            </InlineLink>
            : {winnerName(battle)} won, {battle.timeAgo}
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
