import { useEffect, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import type { Battle } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { PogDisc } from '../../pogs/components/PogDisc';
import { winnerName } from '../outcome';
import { closeReveal, finishReveal, registerStage, useRevealStore } from '../reveal';
import { describeRound, roundView } from '../rounds';
import { Row } from './styles';

/** How long each round's coins spin before its rolls show. */
const ROUND_MS = 900;

const spin = keyframes`from { transform: rotateY(0); } to { transform: rotateY(1080deg); }`;

const Coins = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1rem;
  justify-items: center;
  perspective: 600px;
`;

const Coin = styled.div<{ $spinning: boolean; $winner: boolean }>`
  display: grid;
  justify-items: center;
  gap: 0.4rem;
  > div:first-child {
    ${({ $spinning }) =>
      $spinning &&
      css`
        animation: ${spin} ${ROUND_MS}ms cubic-bezier(0.3, 0.6, 0.4, 1) infinite;
      `}
    @media (prefers-reduced-motion: reduce) { animation: none; }
  }
  strong { font-size: 1.1rem; color: ${({ theme, $winner }) => ($winner ? theme.colors.gold : theme.colors.text)}; }
`;

const Roll = styled.span`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 2.4rem;
  min-height: 2.8rem;
  color: ${({ theme }) => theme.colors.gold};
`;

const Log = styled.ol`
  margin: 1rem 0 0;
  padding-left: 1.2rem;
  display: grid;
  gap: 0.25rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Verdict = styled.p`
  margin-top: 1rem;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.gold};
`;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Where a completed battle's rolls are revealed, round by round, with spinning discs. Mounted by the
 * Battle Arena screens; while one is mounted, completions play here and the 'Battle Completed!'
 * toast follows the last round.
 */
export function BattleRevealStage({ onDetails }: { onDetails: (battle: Battle) => void }) {
  const battle = useRevealStore((state) => state.current);
  useEffect(registerStage, []);
  if (!battle) return null;
  return <Reveal key={battle.id} battle={battle} onDetails={onDetails} />;
}

function Reveal({ battle, onDetails }: { battle: Battle; onDetails: (battle: Battle) => void }) {
  const rounds = (battle.rounds ?? []).map(roundView);
  // Steps: 0 = spinning before round 1, n = rounds 1..n shown.
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? rounds.length : 0));
  const done = shown >= rounds.length;

  useEffect(() => {
    if (done) {
      finishReveal(battle);
      return;
    }
    const timer = window.setTimeout(() => setShown((step) => step + 1), ROUND_MS);
    return () => window.clearTimeout(timer);
  }, [done, battle]);

  const last = shown > 0 ? rounds[shown - 1] : undefined;
  const winnerSide = battle.winnerId === battle.challengerId ? 'challenger' : 'defender';
  const coin = (side: 'challenger' | 'defender') => {
    const party = battle[side];
    const pog = side === 'challenger' ? battle.challengerPog : battle.defenderPog;
    const total = last ? (side === 'challenger' ? last.challengerTotal : last.defenderTotal) : null;
    return (
      <Coin $spinning={!done} $winner={done && winnerSide === side}>
        <div>{pog && <PogDisc design={pog} size={110} />}</div>
        <strong>{party.username}</strong>
        <Roll aria-hidden="true">{total ?? '?'}</Roll>
      </Coin>
    );
  };

  return (
    <Dialog open onClose={closeReveal} title={`${battle.challenger.username} vs ${battle.defender.username}`} description={done ? 'The rolls are in.' : 'The coins are flipping...'} width={560}>
      <Coins>
        {coin('challenger')}
        {coin('defender')}
      </Coins>
      <Log aria-live="polite" aria-label="Rolls">
        {rounds.slice(0, shown).map((round) => (
          <li key={round.round}>{describeRound(round, battle)}</li>
        ))}
      </Log>
      {done && <Verdict role="status">{winnerName(battle)} wins!</Verdict>}
      <Row style={{ marginTop: '1rem', justifyContent: 'flex-end' }}>
        <Button
          $variant="outline"
          onClick={() => {
            closeReveal();
            onDetails(battle);
          }}
        >
          Details and Verify
        </Button>
        <Button onClick={closeReveal}>Close</Button>
      </Row>
    </Dialog>
  );
}
