import { useEffect, useMemo, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { coinFaceOf, isCoinFlip, tossFace, type Battle, type BattleSide } from '@pog/common';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { PogDisc } from '../../pogs/components/PogDisc';
import { decidedBy, winnerName, winnerSide } from '../outcome';
import { closeReveal, finishReveal, registerStage, useRevealStore } from '../reveal';
import { playCue, setRevealSound, useRevealSound } from '../revealSound';
import { COUNT_IN, revealBeats, type RevealBeat } from '../revealTimeline';
import { describeRound, roundView, type RoundView } from '../rounds';
import { Row } from './styles';

const wobble = keyframes`
  0%, 100% { transform: rotate(-4deg) scale(1); }
  50% { transform: rotate(4deg) scale(1.04); }
`;
const spin = keyframes`from { transform: rotateY(0); } to { transform: rotateY(1080deg); }`;
const land = keyframes`
  0% { transform: translateY(-40%) scale(1.8); opacity: 0; }
  60% { transform: translateY(4%) scale(0.92); opacity: 1; }
  100% { transform: none; }
`;
const pulse = keyframes`from { transform: scale(1.6); opacity: 0; } to { transform: scale(1); opacity: 1; }`;

const Stage = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.75rem;
  justify-items: center;
  perspective: 600px;
`;

const Fighter = styled.div<{ $winner: boolean; $loser: boolean; $tense: boolean }>`
  display: grid;
  justify-items: center;
  gap: 0.35rem;
  min-width: 0;
  transition: transform 300ms ease;
  transform: ${({ $winner }) => ($winner ? 'scale(1.08)' : 'none')};
  > div:first-child {
    border-radius: 50%;
    /* The loser's disc dims; the names and numbers keep their full contrast. */
    transition: filter 300ms ease;
    filter: ${({ $loser }) => ($loser ? 'grayscale(0.85) brightness(0.6)' : 'none')};
    box-shadow: ${({ $winner, theme }) => ($winner ? `0 0 0 4px ${theme.colors.gold}, 0 0 28px ${theme.colors.gold}` : 'none')};
    ${({ $tense }) =>
      $tense &&
      css`
        animation: ${wobble} 300ms ease-in-out infinite;
      `}
    @media (prefers-reduced-motion: reduce) { animation: none; }
  }
  strong { font-size: 1.05rem; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { font-size: 0.85rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Roll = styled.span<{ $landed: boolean }>`
  && {
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 2.4rem;
    min-height: 2.8rem;
    color: ${({ theme }) => theme.colors.gold};
  }
  ${({ $landed }) =>
    $landed &&
    css`
      animation: ${land} 320ms cubic-bezier(0.2, 0.8, 0.3, 1.2);
    `}
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const Centre = styled.div`
  display: grid;
  justify-items: center;
  min-width: 4.5rem;
`;

const Count = styled.span`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 3rem;
  line-height: 1;
  color: ${({ theme }) => theme.colors.text};
  animation: ${pulse} 250ms ease-out;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const Coin = styled.span<{ $spinning: boolean }>`
  display: grid;
  place-items: center;
  width: 4.2rem;
  height: 4.2rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.gold};
  color: #1e1b4b;
  font-weight: 800;
  font-size: 0.95rem;
  ${({ $spinning }) =>
    $spinning &&
    css`
      animation: ${spin} 600ms linear infinite;
    `}
  @media (prefers-reduced-motion: reduce) { animation: none; }
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
  animation: ${pulse} 300ms ease-out;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Where a completed battle's rolls are revealed. Mounted by the Battle Arena screens; while one is
 * mounted, completions play here and the 'Battle Completed!' toast follows the verdict.
 */
export function BattleRevealStage({ onDetails }: { onDetails: (battle: Battle) => void }) {
  const battle = useRevealStore((state) => state.current);
  useEffect(registerStage, []);
  if (!battle) return null;
  return <Reveal key={battle.id} battle={battle} onDetails={onDetails} />;
}

/** What the stage shows once `beats` up to `shown` have played. */
function landedRoll(beats: readonly RevealBeat[], shown: number, rounds: readonly RoundView[], side: BattleSide): { total: number; fresh: boolean } | null {
  for (let i = shown - 1; i >= 0; i--) {
    const beat = beats[i]!;
    if (beat.kind === 'land' && beat.side === side) return { total: side === 'challenger' ? rounds[beat.round]!.challengerTotal : rounds[beat.round]!.defenderTotal, fresh: i === shown - 1 };
  }
  return null;
}

/**
 * Plays the reveal's beats one after another on their timer (all at once with reduced motion):
 * until the server's result arrives (the player's own flip starts the show at once), only the
 * count-in can play; then the rolls land.
 */
function useRevealBeats(battle: Battle, beats: readonly RevealBeat[]) {
  const resolved = battle.status === 'completed';
  const playable = resolved ? beats.length : COUNT_IN.length;
  const [reduced] = useState(prefersReducedMotion);
  // How many beats have played; reduced motion shows each stage at once.
  const [played, setPlayed] = useState(0);
  const shown = reduced ? playable : Math.min(played, playable);
  const done = resolved && shown >= beats.length;
  const waiting = !resolved && shown >= COUNT_IN.length;

  useEffect(() => {
    if (done) {
      finishReveal(battle);
      return;
    }
    if (shown >= playable) return;
    const previous = shown === 0 ? 0 : beats[shown - 1]!.at;
    const timer = window.setTimeout(() => {
      playCue(beats[shown]!.kind);
      setPlayed(shown + 1);
    }, beats[shown]!.at - previous);
    return () => window.clearTimeout(timer);
  }, [done, shown, playable, beats, battle]);

  return { shown, done, waiting };
}

interface FighterPanelProps {
  battle: Battle;
  side: BattleSide;
  flip: boolean;
  /** The roll that landed for this side so far, in a battle of rolls. */
  roll: { total: number; fresh: boolean } | null;
  /** Remounts the roll on each beat, so a fresh one plays its landing again. */
  shown: number;
  winner: BattleSide | null;
  tense: boolean;
}

function FighterPanel({ battle, side, flip, roll, shown, winner, tense }: FighterPanelProps) {
  const party = battle[side];
  const pog = side === 'challenger' ? battle.challengerPog : battle.defenderPog;
  return (
    <Fighter $winner={winner === side} $loser={winner !== null && winner !== side} $tense={tense}>
      <div>{pog && <PogDisc design={pog} size={104} />}</div>
      <strong>{party.username}</strong>
      <span>{flip ? coinFaceOf(side) : (pog?.name ?? '')}</span>
      {!flip && (
        <Roll key={roll ? `${side}-${shown}` : side} $landed={roll?.fresh ?? false} aria-hidden="true">
          {roll?.total ?? '?'}
        </Roll>
      )}
    </Fighter>
  );
}

/** Between the discs: the count-in, then the coin (a flip) or VS. */
function CentrePiece({ counting, current, flip, done, winner, lastToss }: {
  counting: boolean;
  current: RevealBeat | null;
  flip: boolean;
  done: boolean;
  winner: BattleSide | null;
  lastToss: string | null;
}) {
  if (counting) {
    return (
      <Count key={current?.kind === 'count' ? current.n : 'ready'} data-testid="count-in">
        {current?.kind === 'count' ? current.n : 'VS'}
      </Count>
    );
  }
  if (flip) return <Coin $spinning={!done && lastToss === null}>{done && winner ? coinFaceOf(winner) : (lastToss ?? '?')}</Coin>;
  return <Count>VS</Count>;
}

function RevealButtons({ battle, onDetails }: { battle: Battle; onDetails: (battle: Battle) => void }) {
  const soundOn = useRevealSound((state) => state.on);
  return (
    <Row style={{ marginTop: '1rem', justifyContent: 'space-between' }}>
      <Button $variant="ghost" $size="sm" role="switch" aria-checked={soundOn} onClick={() => setRevealSound(!soundOn)}>
        Sound {soundOn ? 'on' : 'off'}
      </Button>
      <Row>
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
    </Row>
  );
}

function revealDescription(done: boolean, flip: boolean): string {
  if (done) return flip ? 'The coin has landed.' : 'The rolls are in.';
  return flip ? 'The coin is in the air...' : 'The rolls are coming...';
}

/** A reveal as it plays: the script and how far it has got. */
export interface RevealPlay {
  flip: boolean;
  rounds: RoundView[];
  beats: RevealBeat[];
  shown: number;
  done: boolean;
  waiting: boolean;
}

/** Plays a completed battle's reveal on the players' timeline (revealTimeline.ts), from the moment it mounts. */
export function useRevealPlay(battle: Battle): RevealPlay {
  const flip = isCoinFlip(battle);
  const rounds = useMemo(() => (battle.rounds ?? []).map(roundView), [battle]);
  const beats = useMemo(() => revealBeats(rounds.length, flip), [rounds.length, flip]);
  const { shown, done, waiting } = useRevealBeats(battle, beats);
  return { flip, rounds, beats, shown, done, waiting };
}

/**
 * Both discs face each other; a count-in of 3, 2, 1; then each roll lands in turn (in a coin flip,
 * each toss shows its face); the winner's disc lights up. The players' reveal dialog and a battle's
 * public page (its spectators) show the same play with the same timing.
 */
export function RevealBody({ battle, play }: { battle: Battle; play: RevealPlay }) {
  const { flip, rounds, beats, shown, done, waiting } = play;
  const current = shown > 0 ? beats[shown - 1]! : null;
  const counting = !waiting && (!current || current.kind === 'count');
  const winner = done ? winnerSide(battle) : null;
  // A round goes into the log once all of it has landed.
  const loggedRounds = rounds.filter((_, index) => beats.slice(0, shown).some((b) => b.kind === 'land' && b.round === index && (flip || b.side === 'defender')));
  const lastToss = flip && current?.kind === 'land' ? tossFace(rounds[current.round]!) : null;
  const fighter = (side: BattleSide) => (
    <FighterPanel
      battle={battle}
      side={side}
      flip={flip}
      roll={flip ? null : landedRoll(beats, shown, rounds, side)}
      shown={shown}
      winner={winner}
      tense={!done && !counting}
    />
  );

  return (
    <>
      <Stage>
        {fighter('challenger')}
        <Centre aria-hidden="true">
          <CentrePiece counting={counting} current={current} flip={flip} done={done} winner={winner} lastToss={lastToss} />
        </Centre>
        {fighter('defender')}
      </Stage>
      <Log aria-live="polite" aria-label={flip ? 'Tosses' : 'Rolls'}>
        {loggedRounds.map((round) => (
          <li key={round.round}>{describeRound(round, battle)}</li>
        ))}
      </Log>
      {done && (
        <Verdict role="status">
          {winnerName(battle)} wins!{flip ? ` ${decidedBy(battle)}` : ''}
        </Verdict>
      )}
    </>
  );
}

/** The players' reveal: the play in a dialog, never more than about 3 s. Sound is off until the player turns it on (remembered in this browser). */
function Reveal({ battle, onDetails }: { battle: Battle; onDetails: (battle: Battle) => void }) {
  const play = useRevealPlay(battle);
  return (
    <Dialog open onClose={closeReveal} title={`${battle.challenger.username} vs ${battle.defender.username}`} description={revealDescription(play.done, play.flip)} width={600}>
      <RevealBody battle={battle} play={play} />
      <RevealButtons battle={battle} onDetails={onDetails} />
    </Dialog>
  );
}
