/**
 * /battle/:id/verify, public like a POG's page: a completed battle recomputed in this browser
 * (WebCrypto) from its revealed values (GET /api/battles/:id/reveal). It states the rule exactly, how
 * the HMAC key is encoded, every message signed, every number read and the arithmetic of each roll
 * with its rarity bonus, so that anyone can redo it with any HMAC-SHA256 tool.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { apiPaths, battleBonus, ROLL_ACCEPT_BELOW, type BattleReveal, type BattleSide, type TracedRoll } from '@pog/common';
import { routeQuery } from '../../api/client';
import { toAppError } from '../../api/errors';
import { ButtonLink } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { NoticePanel } from '../../components/NoticePanel';
import { Page, PageHeader, PageLead, PageSection as Section, PageTitle } from '../../components/Page';
import { PageSpinner } from '../../components/Spinner';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { battleIdFromParam, KEY_ENCODING, messageFormat, ruleName } from '../../features/battles/fairness';
import { BATTLE_TEXT } from '../../features/battles/messages';
import { BATTLE_TYPE_LABELS } from '../../features/battles/outcome';
import { recompute, type Recomputed } from '../../features/battles/recompute';
import { PlayerName } from '../../features/players/PlayerName';
import { usePageTitle } from '../../hooks/usePageTitle';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: 0.5rem 1.25rem;
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.textSubtle}; font-weight: 700; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
  @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); dd { margin-bottom: 0.5rem; } }
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
`;

const Rolls = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const RollItem = styled.li`
  display: grid;
  gap: 0.3rem;
  padding: 0.75rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  min-width: 0;
  p { overflow-wrap: anywhere; }
`;

const Verdict = styled.div<{ $ok: boolean }>`
  padding: 0.75rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

export default function BattleVerifyPage() {
  const { id: param } = useParams();
  // Digits only, like every id in an address; anything else is a battle that does not exist.
  const battleId = battleIdFromParam(param);
  usePageTitle(battleId === null ? 'Verify a battle' : `Verify battle #${battleId}`);
  const reveal = useQuery({ ...routeQuery(apiPaths.battles.reveal, { params: { id: battleId ?? 0 } }), enabled: battleId !== null, meta: { errorToast: false } });
  const checked = useQuery({ queryKey: ['battle-recompute', reveal.data] as const, queryFn: () => recompute(reveal.data!), enabled: reveal.data !== undefined, staleTime: Infinity });

  const code = reveal.isError ? toAppError(reveal.error).code : null;
  if (battleId === null || code === 'NOT_FOUND' || code === 'CONFLICT') return <NotRevealed open={code === 'CONFLICT'} />;
  if (reveal.isError) {
    return (
      <Page>
        <ErrorPanel error={reveal.error} onRetry={() => void reveal.refetch()} />
      </Page>
    );
  }
  if (reveal.isPending || checked.isPending) return <PageSpinner label="Recomputing the battle..." />;
  return <VerifyReport reveal={reveal.data} checked={checked.data!} />;
}

function NotRevealed({ open }: { open: boolean }) {
  return (
    <Page>
      <NoticePanel as="div">
        <h1>{open ? 'Not revealed yet' : 'Battle not found'}</h1>
        <p>
          {open
            ? 'This battle is not completed yet: its server seed is revealed only then. Note its seed hash, shown on its card, meanwhile.'
            : 'This battle does not exist, or it is not completed yet: its seeds are revealed only when it is.'}
        </p>
        <ButtonLink to="/explore">Explore Pogs</ButtonLink>
      </NoticePanel>
    </Page>
  );
}

function VerifyReport({ reveal, checked }: { reveal: BattleReveal; checked: Recomputed }) {
  const { data: viewer } = useCurrentUser();
  const linked = Boolean(viewer);
  return (
    <Page>
      <PageHeader>
        <PageTitle>Verify battle #{reveal.id}</PageTitle>
        <PageLead>
          <PlayerName userId={reveal.challenger.id} username={reveal.challenger.username} linked={linked} bare /> vs{' '}
          <PlayerName userId={reveal.defender.id} username={reveal.defender.username} linked={linked} bare /> · {BATTLE_TYPE_LABELS[reveal.battleType]} · completed{' '}
          <time dateTime={reveal.completedAt}>{new Date(reveal.completedAt).toLocaleString()}</time>
        </PageLead>
      </PageHeader>
      <Revealed reveal={reveal} />
      <HowRolled reveal={reveal} computedHash={checked.computedHash} />
      <Section aria-labelledby="verify-rolls">
        <h2 id="verify-rolls">The rolls, recomputed in this browser</h2>
        {checked.trace ? <RollList reveal={reveal} rolls={checked.trace.rolls} /> : <p>These values cannot be played out: see the verdict.</p>}
      </Section>
      <Section aria-labelledby="verify-verdict">
        <h2 id="verify-verdict">Verdict</h2>
        <div role="status">
          <Verdict $ok={checked.verdict.ok} data-testid="verify-verdict">
            {checked.verdict.ok ? BATTLE_TEXT.verified : BATTLE_TEXT.notVerified}
            {!checked.verdict.ok && (
              <ul>
                {checked.verdict.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Verdict>
        </div>
      </Section>
    </Page>
  );
}

const nameOf = (reveal: BattleReveal, side: BattleSide) => (side === 'challenger' ? reveal.challenger : reveal.defender).username;
const rarityOf = (reveal: BattleReveal, side: BattleSide) => (side === 'challenger' ? reveal.challengerRarity : reveal.defenderRarity);
const bonusLine = (reveal: BattleReveal, side: BattleSide) =>
  reveal.battleType === 'flip' ? 'none (a coin flip)' : `${rarityOf(reveal, side)} +${battleBonus(reveal.battleType, rarityOf(reveal, side))}`;

/** Everything the rolls come from, as revealed. */
function Revealed({ reveal }: { reveal: BattleReveal }) {
  return (
    <Section aria-labelledby="verify-revealed">
      <h2 id="verify-revealed">Revealed values</h2>
      <Facts>
        <dt>Rule</dt>
        <dd data-testid="verify-rule">{ruleName(reveal.rollVersion)}</dd>
        <dt>Battle id</dt>
        <dd>
          <Code data-testid="verify-battle-id">{reveal.id}</Code>
        </dd>
        <dt>Server seed (revealed)</dt>
        <dd>
          <Code data-testid="verify-seed">{reveal.seed}</Code>
        </dd>
        <dt>Server seed hash (published at creation)</dt>
        <dd>
          <Code data-testid="verify-seed-hash">{reveal.seedHash}</Code>
        </dd>
        {reveal.rollVersion === 2 && (
          <>
            <dt>{reveal.challenger.username}’s seed (challenger)</dt>
            <dd>
              <Code data-testid="verify-challenger-seed">{reveal.challengerSeed}</Code>
            </dd>
            <dt>{reveal.defender.username}’s seed (defender)</dt>
            <dd>
              <Code data-testid="verify-defender-seed">{reveal.defenderSeed}</Code>
            </dd>
          </>
        )}
        <dt>Rarity bonuses</dt>
        <dd data-testid="verify-bonuses">
          {reveal.challenger.username}: {bonusLine(reveal, 'challenger')}; {reveal.defender.username}: {bonusLine(reveal, 'defender')}
        </dd>
      </Facts>
    </Section>
  );
}

/** The rule, word for word, with the key's encoding and the commitment checked. */
function HowRolled({ reveal, computedHash }: { reveal: BattleReveal; computedHash: string | null }) {
  const matches = computedHash === reveal.seedHash;
  return (
    <Section aria-labelledby="verify-how">
      <h2 id="verify-how">How the rolls are made</h2>
      <p data-testid="verify-key-encoding">{KEY_ENCODING}</p>
      <p>
        Message, signed as UTF-8 text, for draw k (0, 1, ...) of a roll: <Code data-testid="verify-message-format">{messageFormat(reveal.rollVersion)}</Code>, where side is
        “challenger” or “defender” and round counts from 1.
      </p>
      <p>
        Base roll: the first 4 bytes of HMAC-SHA256(key, message), read as a big-endian unsigned number x, give 1 + (x mod 100) when x is below {ROLL_ACCEPT_BELOW};
        otherwise the next k is tried.
      </p>
      <p>
        Total: base roll + rarity bonus (common +0, uncommon +1, rare +2, epic +3, legendary +5; none in a coin flip). Equal totals replay the round.{' '}
        {reveal.battleType === 'championship' ? 'The first side to win two rounds wins.' : 'The first round that is not a tie decides.'}
      </p>
      <p>
        Commitment: SHA-256 of the 32 key bytes is <Code data-testid="verify-computed-hash">{computedHash ?? 'not computable'}</Code>,{' '}
        {matches ? 'the hash published when the battle was created.' : 'NOT the hash published when the battle was created.'}
      </p>
    </Section>
  );
}

/** Each roll as drawn: its messages, digests, the numbers read, and the arithmetic with the bonus. */
function RollList({ reveal, rolls }: { reveal: BattleReveal; rolls: TracedRoll[] }) {
  return (
    <Rolls aria-label="Recomputed rolls">
      {rolls.map((roll) => (
        <RollItem key={`${roll.round}-${roll.side}`} data-round={roll.round} data-side={roll.side}>
          <strong>
            Round {roll.round} · {nameOf(reveal, roll.side)} ({roll.side})
          </strong>
          {roll.draws.map((draw) => (
            <p key={draw.k}>
              HMAC-SHA256(key, “<Code data-testid="roll-message">{draw.message}</Code>”) = <Code>{draw.digestHex}</Code>; x = 0x{draw.digestHex.slice(0, 8)} = {draw.x}:{' '}
              {draw.roll === null ? `not below ${ROLL_ACCEPT_BELOW}, rejected: the next k is tried.` : `1 + (${draw.x} mod 100) = ${draw.roll}`}
            </p>
          ))}
          <p data-testid="roll-total">{totalLine(reveal, roll)}</p>
        </RollItem>
      ))}
    </Rolls>
  );
}

/** "Total: 78 + 2 (rare bonus) = 80", or in a coin flip "Draw: 78 (no bonus in a coin flip)". */
function totalLine(reveal: BattleReveal, roll: TracedRoll): string {
  const base = roll.draws.at(-1)!.roll!;
  if (reveal.battleType === 'flip') return `Draw: ${base} (no bonus in a coin flip)`;
  const rarity = rarityOf(reveal, roll.side);
  const bonus = battleBonus(reveal.battleType, rarity);
  return `Total: ${base} + ${bonus} (${rarity} bonus) = ${base + bonus}`;
}
