import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { BATTLE_TYPES, type BattleType, type Pog, type PogId, type User, type UserId } from '@pog/common';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { PickerField, PlayerSelect } from '../../players/PlayerSelect';
import { usePlayerChoices } from '../../players/queries';
import { useUserPogs } from '../../pogs/queries';
import { riskedPogIds } from '../eligibility';
import { BATTLE_TEXT } from '../messages';
import { useSendChallenge } from '../mutations';
import { BATTLE_TYPE_LABELS } from '../outcome';
import { usePendingBattles } from '../queries';
import { challengeProblem, opponentIdOf, opponentsFor, opponentUnavailable, preselectedOpponent } from '../selection';
import { BattlePogChooser } from './BattlePogChooser';
import { NeedPogsNotice, NoOpponentsNotice } from './Notices';
import { SeedField, useClientSeed, type ClientSeedState } from './SeedField';
import { Muted, Panel, PanelTitle, Row } from './styles';

const Form = styled.form`
  display: grid;
  gap: 1.1rem;
`;

const Types = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  legend { margin-bottom: 0.4rem; font-size: 0.875rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
  label { display: inline-flex; gap: 0.4rem; align-items: center; cursor: pointer; }
`;

/** Variant A lets the challenger pick the kind of battle; variant B's form always sends a flip. */
const CHOOSABLE_TYPES = BATTLE_TYPES.filter((type): type is Exclude<BattleType, 'flip'> => type !== 'flip');

export interface ChallengeFormProps {
  viewer: User;
  /** `flip` fixes the type (variant B); otherwise the player chooses standard or championship. */
  fixedType?: BattleType;
  /** The `?opponent=` of the address, if any. */
  opponentParam: string | null;
  title: string;
  onSent?: () => void;
}

/**
 * Who the challenge goes to. Only players holding a POG they could risk: anyone else could never
 * accept. Searched on the server; the ?opponent= player is looked up on their own, and preselected
 * until the player picks someone themselves. Read fresh: POGs cool down and get risked.
 */
function useOpponentChoice(viewer: User, opponentParam: string | null) {
  const [chosenOpponent, setOpponent] = useState<UserId | null>(null);
  const [search, setSearch] = useState('');
  const paramId = opponentIdOf(opponentParam);
  const players = usePlayerChoices('challengeable', search, chosenOpponent ?? (paramId === viewer.id ? null : paramId), { staleTime: 0 });
  const opponents = useMemo(() => opponentsFor(players.players, viewer.id), [players.players, viewer.id]);
  const opponentId = chosenOpponent ?? preselectedOpponent(opponentParam, opponents);
  // The ?opponent= player cannot be challenged, and the player has not picked anyone else.
  const unavailable = opponents.length > 0 && chosenOpponent === null && opponentUnavailable(opponentParam, opponents, viewer.id);
  return { players, opponents, opponentId, setOpponent, search, setSearch, searching: search.trim() !== '', unavailable };
}

function BattleTypeChoice({ fixedType, chosenType, onChange }: { fixedType: BattleType | undefined; chosenType: BattleType; onChange: (type: BattleType) => void }) {
  if (fixedType) return <Muted>{BATTLE_TEXT.flipNote}</Muted>;
  return (
    <Types>
      <legend>{BATTLE_TEXT.battleType}</legend>
      {CHOOSABLE_TYPES.map((type) => (
        <label key={type}>
          <input type="radio" name="battle-type" value={type} checked={chosenType === type} onChange={() => onChange(type)} />
          {BATTLE_TYPE_LABELS[type]}
        </label>
      ))}
    </Types>
  );
}

interface ChallengeFieldsProps {
  choice: ReturnType<typeof useOpponentChoice>;
  fixedType: BattleType | undefined;
  chosenType: BattleType;
  onType: (type: BattleType) => void;
  ownPogs: readonly Pog[];
  risked: ReadonlySet<number>;
  battleType: BattleType;
  pogId: PogId | null;
  onPog: (pogId: PogId | null) => void;
  seed: ClientSeedState;
  /** Why the challenge cannot be sent yet, if it cannot. */
  problem: string | null;
  sending: boolean;
  onSubmit: (event: FormEvent) => void;
}

function ChallengeFields({ choice, fixedType, chosenType, onType, ownPogs, risked, battleType, pogId, onPog, seed, problem, sending, onSubmit }: ChallengeFieldsProps) {
  const problemId = useId();
  const opponentLabelId = useId();
  return (
    <Form onSubmit={onSubmit} aria-describedby={problem ? problemId : undefined}>
      <PickerField>
        <span id={opponentLabelId}>{BATTLE_TEXT.opponent}</span>
        <PlayerSelect choices={{ ...choice.players, players: choice.opponents }} search={choice.search} onSearch={choice.setSearch} value={choice.opponentId} onChange={choice.setOpponent} emptyOption={BATTLE_TEXT.chooseOpponent} labelledBy={opponentLabelId} />
      </PickerField>
      <BattleTypeChoice fixedType={fixedType} chosenType={chosenType} onChange={onType} />
      <BattlePogChooser legend={BATTLE_TEXT.yourPog} pogs={ownPogs} risked={risked} battleType={battleType} side="challenger" value={pogId} onChange={onPog} />
      <SeedField state={seed} />
      <Row>
        <Button type="submit" disabled={problem !== null || seed.problem !== null || sending}>
          {sending ? BATTLE_TEXT.sending : BATTLE_TEXT.sendChallenge}
        </Button>
        {problem && <Muted id={problemId}>{problem}</Muted>}
      </Row>
    </Form>
  );
}

/** Challenge another player (product spec: screens and validation): an opponent, one of your POGs, and send. */
export function ChallengeForm({ viewer, fixedType, opponentParam, title, onSent }: ChallengeFormProps) {
  const choice = useOpponentChoice(viewer, opponentParam);
  const { players, opponents, opponentId, searching } = choice;
  const pogs = useUserPogs(viewer.id);
  const open = usePendingBattles(viewer.id);
  const send = useSendChallenge(viewer.id);
  const titleId = useId();
  const [pogId, setPogId] = useState<PogId | null>(null);
  const [chosenType, setType] = useState<BattleType>('standard');
  const seed = useClientSeed();
  const battleType = fixedType ?? chosenType;
  const risked = useMemo(() => riskedPogIds(open.data ?? []), [open.data]);
  const problem = challengeProblem(pogId, opponentId);

  if ((players.isPending && !searching) || pogs.isPending) return <Spinner label="Loading players and POGs..." />;
  const ownPogs = pogs.data ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || seed.problem || pogId === null || opponentId === null) return;
    send.mutate(
      { challengerId: viewer.id, defenderId: opponentId, challengerPogId: pogId, battleType, challengerSeed: seed.seed },
      {
        onSuccess: () => {
          setPogId(null);
          // A new challenge gets a new seed.
          seed.renew();
          onSent?.();
        },
      },
    );
  };

  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{title}</PanelTitle>
      {ownPogs.length === 0 && <NeedPogsNotice />}
      {opponents.length === 0 && !searching && <NoOpponentsNotice />}
      {choice.unavailable && <Muted role="status">{BATTLE_TEXT.opponentUnavailable}</Muted>}
      {ownPogs.length > 0 && (opponents.length > 0 || searching) && (
        <ChallengeFields
          choice={choice}
          fixedType={fixedType}
          chosenType={chosenType}
          onType={setType}
          ownPogs={ownPogs}
          risked={risked}
          battleType={battleType}
          pogId={pogId}
          onPog={setPogId}
          seed={seed}
          problem={problem}
          sending={send.isPending}
          onSubmit={submit}
        />
      )}
    </Panel>
  );
}
