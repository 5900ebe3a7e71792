/**
 * The Trade Center's Matches panel (docs/rules.md, Have and Want): the players who hold what you
 * want or want what you put up for trade, best first, each with a button that opens the Trade
 * dialog with the suggested POGs chosen. Read again live when a POG is marked or changes hands.
 */
import styled from 'styled-components';
import { avatarInitials, type Match, type MatchPog } from '@pog/common';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Spinner } from '../../components/Spinner';
import { PlayerName } from '../players/PlayerName';
import { Actions, Card, CardList, EmptyNote, Head, Who } from '../trades/components/tradeCardStyles';
import type { TradePreset } from '../trades/selection';
import { MATCH_KIND_TEXT, WISHLIST_TEXT } from './messages';
import { useMatches } from './queries';

const Pair = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const pogText = (pog: MatchPog | null) => (pog ? `${pog.name} (${pog.points} PTS)` : WISHLIST_TEXT.nothingToPair);

/** The Trade dialog's preset for a match: your POG, their POG, or at least the player. */
export function matchPreset(match: Match): TradePreset {
  return {
    ...(match.yourPog ? { offerPogId: match.yourPog.id } : {}),
    ...(match.theirPog ? { request: { pogId: match.theirPog.id, ownerId: match.userId } } : { playerId: match.userId }),
  };
}

function MatchCard({ match, onOffer }: { match: Match; onOffer: (preset: TradePreset) => void }) {
  return (
    <Card aria-label={`Match with ${match.username}`} data-testid="match">
      <Head>
        <Avatar initials={avatarInitials(match.username)} color={match.avatarColor} />
        <Who>
          <h2>
            <PlayerName userId={match.userId} username={match.username} linked />
          </h2>
          <p>{match.balance === null ? MATCH_KIND_TEXT[match.kind] : `${MATCH_KIND_TEXT[match.kind]} · ${match.balance} PTS apart`}</p>
        </Who>
        <Badge $variant={match.kind === 'both' ? 'success' : 'secondary'}>{match.kind === 'both' ? '⇄' : '→'}</Badge>
      </Head>
      <Pair>
        You give <strong>{pogText(match.yourPog)}</strong>, you get <strong>{pogText(match.theirPog)}</strong>
      </Pair>
      <Actions>
        <Button aria-label={`${WISHLIST_TEXT.offer} with ${match.username}`} onClick={() => onOffer(matchPreset(match))}>
          {WISHLIST_TEXT.offer}
        </Button>
      </Actions>
    </Card>
  );
}

export function MatchesPanel({ onOffer }: { onOffer: (preset: TradePreset) => void }) {
  const query = useMatches(true);
  if (query.isPending) return <Spinner label="Finding matches..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.matches.length === 0) {
    return (
      <EmptyNote>
        <p>{WISHLIST_TEXT.noMatches}</p>
      </EmptyNote>
    );
  }
  return (
    <section aria-label={WISHLIST_TEXT.matchesTitle}>
      <p>{WISHLIST_TEXT.matchesLead}</p>
      <CardList>
        {query.data.matches.map((match) => (
          <li key={match.userId}>
            <MatchCard match={match} onOffer={onOffer} />
          </li>
        ))}
      </CardList>
    </section>
  );
}
