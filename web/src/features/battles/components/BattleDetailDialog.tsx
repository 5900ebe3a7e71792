import { useState } from 'react';
import styled from 'styled-components';
import { type Battle, type BattleId, type BattleVerifyResult, isCoinFlip, tossFace } from '@pog/common';
import { Button } from '../../../components/Button';
import { InlineLink } from '../../../components/InlineLink';
import { Dialog } from '../../../components/Dialog';
import { PlayerName } from '../../players/PlayerName';
import { PogLink } from '../../pogs/components/PogLink';
import { Spinner } from '../../../components/Spinner';
import { ruleSentence, verifyPath } from '../fairness';
import { BATTLE_TEXT } from '../messages';
import { BATTLE_TYPE_LABELS, decidedBy, winnerName } from '../outcome';
import { useBattle } from '../queries';
import { roundView } from '../rounds';
import { verifyInBrowser } from '../verify';
import { Muted, Row } from './styles';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  caption { text-align: left; font-weight: 700; margin-bottom: 0.4rem; }
  th, td { padding: 0.35rem 0.5rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; }
  th { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.8rem; }
`;

const Code = styled.code`
  display: block;
  padding: 0.5rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.8rem;
  overflow-wrap: anywhere;
`;

const Section = styled.div`
  display: grid;
  gap: 0.35rem;
  margin-top: 1rem;
`;

const Result = styled.div<{ $ok: boolean }>`
  padding: 0.6rem 0.8rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

/** The public record of a battle: its rounds, the seeds and the hash, a Verify that recomputes it here, and a link to the verify page. */
export function BattleDetailDialog({ battleId, onClose }: { battleId: BattleId; onClose: () => void }) {
  const query = useBattle(battleId);
  return (
    <Dialog open onClose={onClose} title={`Battle #${battleId}`} width={640}>
      {query.data ? <BattleRecord battle={query.data} /> : query.isError ? <Muted role="alert">This battle could not be loaded.</Muted> : <Spinner label="Loading the battle..." />}
    </Dialog>
  );
}

function BattleRecord({ battle }: { battle: Battle }) {
  const hasRounds = Boolean(battle.rounds && battle.rounds.length > 0);
  return (
    <>
      <Matchup battle={battle} />
      <WinnerLine battle={battle} />
      {hasRounds && isCoinFlip(battle) && <TossTable battle={battle} />}
      {hasRounds && !isCoinFlip(battle) && <RoundTable battle={battle} />}
      <Section>
        <strong>{BATTLE_TEXT.seedHash}</strong>
        <Code data-testid="seed-hash">{battle.seedHash}</Code>
        <strong>{BATTLE_TEXT.seed}</strong>
        {battle.seed ? <Code data-testid="seed">{battle.seed}</Code> : <Muted>{BATTLE_TEXT.seedHidden}</Muted>}
        <PlayerSeeds battle={battle} />
        <Muted data-testid="roll-rule">{ruleSentence(battle.rollVersion)}</Muted>
      </Section>
      {battle.status === 'completed' && <VerifySection battle={battle} />}
    </>
  );
}

/** Each player's own seed, as given with the challenge and the accept. */
function PlayerSeeds({ battle }: { battle: Battle }) {
  return (
    <>
      <strong>{BATTLE_TEXT.playerSeeds}</strong>
      {battle.rollVersion === 1 ? (
        <Muted>{BATTLE_TEXT.noPlayerSeeds}</Muted>
      ) : (
        <Code data-testid="player-seeds">
          {battle.challenger.username} (challenger): {battle.challengerSeed}
          <br />
          {battle.defender.username} (defender): {battle.defenderSeed ?? BATTLE_TEXT.defenderSeedLater}
        </Code>
      )}
    </>
  );
}

/** Who played whom, with which POGs, in what kind of battle, and where it stands. */
function Matchup({ battle }: { battle: Battle }) {
  return (
    <p>
      <strong>
        <PlayerName userId={battle.challenger.id} username={battle.challenger.username} linked bare />
      </strong>{' '}
      ({battle.challengerPog ? <PogLink pog={battle.challengerPog} /> : 'no POG'}) vs{' '}
      <strong>
        <PlayerName userId={battle.defender.id} username={battle.defender.username} linked bare />
      </strong>{' '}
      ({battle.defenderPog ? <PogLink pog={battle.defenderPog} /> : 'no POG'}) · {BATTLE_TYPE_LABELS[battle.battleType]} · {battle.status}
    </p>
  );
}

function WinnerLine({ battle }: { battle: Battle }) {
  const winner = winnerName(battle);
  if (!winner) return null;
  if (isCoinFlip(battle)) {
    return (
      <p>
        Winner: {winner}. {decidedBy(battle)} ({battle.challenger.username} is Heads, {battle.defender.username} is Tails.)
      </p>
    );
  }
  return (
    <p>
      Winner: {winner}, with {battle.challengerRoll} to {battle.defenderRoll}.
    </p>
  );
}

/** A battle of rolls, round by round: each side's base roll plus its bonus, and who took the round. */
function RoundTable({ battle }: { battle: Battle }) {
  return (
    <Section>
      <Table>
        <caption>Rounds</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">{battle.challenger.username}</th>
            <th scope="col">{battle.defender.username}</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {(battle.rounds ?? []).map(roundView).map((round) => (
            <tr key={round.round}>
              <td>{round.round}</td>
              <td>{`${round.challengerBase} + ${round.challengerBonus} = ${round.challengerTotal}`}</td>
              <td>{`${round.defenderBase} + ${round.defenderBonus} = ${round.defenderTotal}`}</td>
              <td>{round.winner === null ? 'Tie (replayed)' : round.winner === 'challenger' ? battle.challenger.username : battle.defender.username}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  );
}

/** Verify: recomputes the completed battle in this browser and shows what, if anything, disagrees. */
function VerifySection({ battle }: { battle: Battle }) {
  const [verdict, setVerdict] = useState<BattleVerifyResult | null>(null);
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    setChecking(true);
    try {
      setVerdict(await verifyInBrowser(battle));
    } finally {
      setChecking(false);
    }
  };
  return (
    <Section>
      <Row>
        <Button $variant="secondary" onClick={() => void verify()} disabled={checking}>
          {checking ? BATTLE_TEXT.verifying : BATTLE_TEXT.verify}
        </Button>
        <InlineLink to={verifyPath(battle.id)}>{BATTLE_TEXT.verifyPageLink}</InlineLink>
      </Row>
      <div role="status">
        {verdict &&
          (verdict.ok ? (
            <Result $ok>{BATTLE_TEXT.verified}</Result>
          ) : (
            <Result $ok={false}>
              {BATTLE_TEXT.notVerified}
              <ul>
                {verdict.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Result>
          ))}
      </div>
    </Section>
  );
}

/**
 * A coin flip's tosses: each lands Heads when the challenger's draw is higher, Tails when the
 * defender's is, and is tossed again on equal draws (common/src/battles/coin.ts). The draws stay on
 * show so that Verify can be followed by hand.
 */
function TossTable({ battle }: { battle: Battle }) {
  return (
    <Section>
      <Table>
        <caption>Tosses</caption>
        <thead>
          <tr>
            <th scope="col">Toss</th>
            <th scope="col">Draws (Heads / Tails)</th>
            <th scope="col">Landed</th>
          </tr>
        </thead>
        <tbody>
          {(battle.rounds ?? []).map((round) => (
            <tr key={round.round}>
              <td>{round.round}</td>
              <td>{`${round.challengerBase} / ${round.defenderBase}`}</td>
              <td>{tossFace(round) ?? 'Tossed again'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Section>
  );
}
