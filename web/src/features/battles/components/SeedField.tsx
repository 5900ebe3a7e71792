import { useId, useState } from 'react';
import styled from 'styled-components';
import { CLIENT_SEED_MAX_LENGTH, CLIENT_SEED_PATTERN, CLIENT_SEED_RULE, generateClientSeed } from '@pog/common';
import { Button } from '../../../components/Button';
import { Input, Label } from '../../../components/formControls';
import { BATTLE_TEXT } from '../messages';
import { Muted } from './styles';

const Wrapper = styled.div`
  display: grid;
  gap: 0.35rem;
`;

const Line = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  input { font-family: ${({ theme }) => theme.fonts.mono}; min-width: 0; flex: 1; }
`;

const Problem = styled.p`
  font-size: 0.8125rem;
  color: #fca5a5;
`;

/**
 * A player's own seed for a battle's rolls: a random one drawn in this browser (16 bytes as hex),
 * which the player may keep, redraw or replace with their own. `problem` is the rule it breaks, if any.
 */
export function useClientSeed() {
  const [seed, setSeed] = useState(generateClientSeed);
  const problem = CLIENT_SEED_PATTERN.test(seed) ? null : CLIENT_SEED_RULE;
  return { seed, setSeed, problem, renew: () => setSeed(generateClientSeed()) };
}

export type ClientSeedState = ReturnType<typeof useClientSeed>;

export function SeedField({ state }: { state: ClientSeedState }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <Wrapper>
      <Label htmlFor={id}>{BATTLE_TEXT.seedLabel}</Label>
      <Line>
        <Input
          id={id}
          value={state.seed}
          maxLength={CLIENT_SEED_MAX_LENGTH}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={state.problem ? true : undefined}
          aria-describedby={state.problem ? `${hintId} ${problemId}` : hintId}
          onChange={(event) => state.setSeed(event.target.value)}
        />
        <Button $size="sm" $variant="secondary" onClick={state.renew}>
          {BATTLE_TEXT.newSeed}
        </Button>
      </Line>
      <Muted id={hintId}>{BATTLE_TEXT.seedHint}</Muted>
      {state.problem && <Problem id={problemId}>{state.problem}</Problem>}
    </Wrapper>
  );
}
