/**
 * /battles/:id, public: a battle anyone can watch, signed in or not. While it is open it shows both
 * players, their POGs and the server seed's commitment (the players' seeds once given); when it
 * completes, everyone on the page sees the reveal live, the same play with the same timing as the
 * players (BattleRevealStage's RevealBody); afterwards the result stays, with the way to verify it.
 * How many are watching is counted live.
 */
import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { apiPaths, type Battle, type BattleSide } from '@pog/common';
import { routeQuery } from '../../api/client';
import { toAppError } from '../../api/errors';
import { ButtonLink } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { NoticePanel } from '../../components/NoticePanel';
import { Page, PageHeader, PageLead, PageSection as Section, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { RevealBody, useRevealPlay } from '../../features/battles/components/BattleRevealStage';
import { battleIdFromParam } from '../../features/battles/fairness';
import { BATTLE_TYPE_LABELS, winnerName } from '../../features/battles/outcome';
import { describeRound, roundView } from '../../features/battles/rounds';
import { useBattleWatch } from '../../features/battles/watch';
import { PlayerName } from '../../features/players/PlayerName';
import { PogDisc } from '../../features/pogs/components/PogDisc';
import { usePageTitle } from '../../hooks/usePageTitle';

const Sides = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: 1rem;
`;

const Side = styled.section`
  display: grid;
  justify-items: center;
  gap: 0.4rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  min-width: 0;
  h3 { font-size: 1.1rem; overflow-wrap: anywhere; text-align: center; }
  p { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; text-align: center; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: 0.5rem 1.25rem;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textSubtle}; font-weight: 700; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.85rem; }
  @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); dd { margin-bottom: 0.5rem; } }
`;

const Winner = styled.p`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  color: ${({ theme }) => theme.colors.gold};
`;

const STATUS_LINES: Record<Exclude<Battle['status'], 'completed'>, (battle: Battle) => string> = {
  pending: (b) => `Waiting for ${b.defender.username} to accept the challenge.`,
  accepted: () => 'Both POGs are in. Waiting for the flip.',
  declined: (b) => `${b.defender.username} declined this battle.`,
  cancelled: (b) => `${b.challenger.username} called this battle off.`,
  expired: () => 'Nobody answered this challenge in time: it expired.',
};

export default function BattleWatchPage() {
  const { id: param } = useParams();
  const battleId = battleIdFromParam(param);
  usePageTitle(battleId === null ? 'Watch a battle' : `Battle #${battleId}`);
  const queryClient = useQueryClient();
  const options = routeQuery(apiPaths.battles.public, { params: { id: battleId ?? 0 } });
  const query = useQuery({ ...options, enabled: battleId !== null, meta: { errorToast: false } });
  // The completion this page saw happen: it plays the reveal instead of showing the result at once.
  const [live, setLive] = useState<Battle | null>(null);
  const onBattle = useCallback(
    (battle: Battle) => {
      const shown = queryClient.getQueryData(options.queryKey);
      if (battle.status === 'completed' && shown && shown.status !== 'completed') setLive(battle);
      queryClient.setQueryData(options.queryKey, battle);
    },
    [queryClient, options.queryKey],
  );
  const onJoined = useCallback(() => void queryClient.invalidateQueries({ queryKey: options.queryKey }), [queryClient, options.queryKey]);
  const { watchers } = useBattleWatch(battleId, { onBattle, onJoined });

  const code = query.isError ? toAppError(query.error).code : null;
  if (battleId === null || code === 'NOT_FOUND') return <NotFound />;
  if (query.isError) {
    return (
      <Page>
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (query.isPending) return <PageSpinner label="Loading the battle..." />;
  return <WatchedBattle battle={query.data} live={live?.id === query.data.id ? live : null} watchers={watchers} />;
}

function NotFound() {
  return (
    <Page>
      <NoticePanel as="div">
        <h1>Battle not found</h1>
        <p>This battle does not exist.</p>
        <ButtonLink to="/explore">Explore Pogs</ButtonLink>
      </NoticePanel>
    </Page>
  );
}

function WatchedBattle({ battle, live, watchers }: { battle: Battle; live: Battle | null; watchers: number | null }) {
  const { data: viewer } = useCurrentUser();
  const linked = Boolean(viewer);
  return (
    <Page>
      <PageHeader>
        <PageTitle>
          {battle.challenger.username} vs {battle.defender.username}
        </PageTitle>
        <PageLead>
          Battle #{battle.id} · {BATTLE_TYPE_LABELS[battle.battleType]} · {battle.status}
        </PageLead>
        <p data-testid="watchers">{watchers === null ? 'Connecting...' : `${watchers} watching`}</p>
      </PageHeader>
      <Section aria-labelledby="watch-result">
        <h2 id="watch-result">Result</h2>
        {live ? <LiveReveal battle={live} /> : <Outcome battle={battle} />}
      </Section>
      <Section aria-labelledby="watch-pogs">
        <h2 id="watch-pogs">The POGs at stake</h2>
        <Sides>
          <SidePanel battle={battle} side="challenger" linked={linked} />
          <SidePanel battle={battle} side="defender" linked={linked} />
        </Sides>
      </Section>
      <Fairness battle={battle} />
    </Page>
  );
}

function SidePanel({ battle, side, linked }: { battle: Battle; side: BattleSide; linked: boolean }) {
  const party = battle[side];
  const pog = side === 'challenger' ? battle.challengerPog : battle.defenderPog;
  return (
    <Side aria-label={`${side === 'challenger' ? 'Challenger' : 'Defender'} ${party.username}`}>
      {pog ? <PogDisc design={pog} size={120} /> : null}
      <h3>{pog ? pog.name : 'No POG chosen yet'}</h3>
      <p>
        {side === 'challenger' ? 'Challenger' : 'Defender'} <PlayerName userId={party.id} username={party.username} linked={linked} />
      </p>
    </Side>
  );
}

/** The reveal as the players see it, played once from the moment the completion arrived. */
function LiveReveal({ battle }: { battle: Battle }) {
  const play = useRevealPlay(battle);
  return (
    <>
      <RevealBody battle={battle} play={play} />
      {play.done && <VerifyLink battle={battle} />}
    </>
  );
}

function Outcome({ battle }: { battle: Battle }) {
  if (battle.status !== 'completed') return <p role="status">{STATUS_LINES[battle.status](battle)}</p>;
  return (
    <>
      <Winner role="status">{winnerName(battle)} wins!</Winner>
      <ol aria-label="Rolls">
        {(battle.rounds ?? []).map(roundView).map((round) => (
          <li key={round.round}>{describeRound(round, battle)}</li>
        ))}
      </ol>
      <VerifyLink battle={battle} />
    </>
  );
}

function VerifyLink({ battle }: { battle: Battle }) {
  return (
    <p>
      <ButtonLink to={`/battle/${battle.id}/verify`}>Verify this battle</ButtonLink>
    </p>
  );
}

function Fairness({ battle }: { battle: Battle }) {
  return (
    <Section aria-labelledby="watch-fairness">
      <h2 id="watch-fairness">Fair rolls</h2>
      <p>The server committed to its seed when the battle was created; the seed itself is revealed when the battle completes.</p>
      <Facts>
        <dt>Server seed hash (SHA-256)</dt>
        <dd data-testid="watch-seed-hash">{battle.seedHash}</dd>
        {battle.seed !== null && (
          <>
            <dt>Server seed</dt>
            <dd>{battle.seed}</dd>
          </>
        )}
        {battle.challengerSeed !== null && (
          <>
            <dt>{battle.challenger.username}’s seed</dt>
            <dd>{battle.challengerSeed}</dd>
          </>
        )}
        {battle.defenderSeed !== null && (
          <>
            <dt>{battle.defender.username}’s seed</dt>
            <dd>{battle.defenderSeed}</dd>
          </>
        )}
      </Facts>
    </Section>
  );
}
