import styled from 'styled-components';
import { isCoinFlip, type Battle, type BattleParty, type BattleSide, type Pog, type Rarity, type User } from '@pog/common';
import { Avatar } from '../../../components/Avatar';
import { Badge, type BadgeVariant } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { ExpiresIn } from '../../../components/ExpiresIn';
import { PogDisc } from '../../pogs/components/PogDisc';
import { PlayerName } from '../../players/PlayerName';
import { PogLink } from '../../pogs/components/PogLink';
import { BATTLE_TEXT } from '../messages';
import { useCancelChallenge, useCompleteBattle, useDeclineChallenge } from '../mutations';
import { actionsFor, BATTLE_TYPE_LABELS, decidedBy, RESULT_LABELS, resultFor, sideNote, type BattleResult } from '../outcome';
import { Muted, Row } from './styles';

const Card = styled.article`
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
`;

const Versus = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  align-items: center;
  gap: 0.75rem;
`;

const Side = styled.div<{ $end?: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  justify-content: ${({ $end }) => ($end ? 'flex-end' : 'flex-start')};
  min-width: 0;
  text-align: ${({ $end }) => ($end ? 'right' : 'left')};
`;

const Who = styled.div`
  display: grid;
  min-width: 0;
  strong, span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Vs = styled.span`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.4rem;
  color: ${({ theme }) => theme.colors.accent};
`;

const Roll = styled.span`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  color: ${({ theme }) => theme.colors.gold};
`;

const RESULT_BADGES: Record<BattleResult, BadgeVariant> = {
  won: 'success',
  lost: 'destructive',
  pending: 'secondary',
  accepted: 'default',
  declined: 'outline',
  cancelled: 'outline',
  expired: 'outline',
};

function Player({ party, side, pog, rarity, roll, battle, end }: { party: BattleParty; side: BattleSide; pog: Pog | null; rarity: Rarity | null; roll: number | null; battle: Battle; end?: boolean }) {
  const detail = pog ? (
    <>
      <PogLink pog={pog} /> · {sideNote(battle.battleType, side, rarity ?? pog.rarity)}
    </>
  ) : (
    'POG not chosen yet'
  );
  const parts = [
    <Avatar key="avatar" initials={party.avatarInitials} color={party.avatarColor} size={32} />,
    pog && <PogDisc key="pog" design={pog} size={44} />,
    <Who key="who">
      <strong>
        <PlayerName userId={party.id} username={party.username} linked bare />
      </strong>
      <span>{detail}</span>
    </Who>,
    // A coin flip has no rolls to show: the card says where the coin landed instead.
    roll !== null && !isCoinFlip(battle) && (
      <Roll key="roll" aria-label={`${party.username} rolled ${roll}`}>
        {roll}
      </Roll>
    ),
  ];
  return <Side $end={end}>{end ? parts.reverse() : parts}</Side>;
}

export interface BattleCardProps {
  battle: Battle;
  viewer: User;
  /** 'Flip and Battle' (variant A) or 'Flip the Coin' (variant B). */
  flipLabel: string;
  onAccept: (battle: Battle) => void;
  onDetails: (battle: Battle) => void;
}

/**
 * One battle: both players and their POGs, its type and state, and the actions this player may take
 * on it now (product spec: screens and roles). Finished battles show the deciding rolls and a Details button.
 */
export function BattleCard({ battle, viewer, flipLabel, onAccept, onDetails }: BattleCardProps) {
  const actions = actionsFor(battle, viewer.id);
  const result = resultFor(battle, viewer.id);
  const decline = useDeclineChallenge(viewer.id);
  const cancel = useCancelChallenge(viewer.id);
  const complete = useCompleteBattle(viewer.id);
  const busy = decline.isPending || cancel.isPending || complete.isPending;
  const label = `Battle between ${battle.challenger.username} and ${battle.defender.username}`;

  return (
    <Card aria-label={label} data-battle-id={battle.id}>
      <Row>
        <Badge $variant={RESULT_BADGES[result]}>{RESULT_LABELS[result]}</Badge>
        <Badge $variant="outline">{BATTLE_TYPE_LABELS[battle.battleType]}</Badge>
        <Muted>{battle.timeAgo}</Muted>
        {battle.status === 'pending' && (
          <Muted>
            <ExpiresIn at={battle.expiresAt} />
          </Muted>
        )}
      </Row>
      <Versus>
        <Player party={battle.challenger} side="challenger" pog={battle.challengerPog} rarity={battle.challengerRarity} roll={battle.challengerRoll} battle={battle} />
        <Vs aria-hidden="true">VS</Vs>
        <Player party={battle.defender} side="defender" pog={battle.defenderPog} rarity={battle.defenderRarity} roll={battle.defenderRoll} battle={battle} end />
      </Versus>
      {battle.status === 'completed' && isCoinFlip(battle) && <Muted>{decidedBy(battle)}</Muted>}
      <Row>
        {actions.accept && (
          <Button $size="sm" disabled={busy} onClick={() => onAccept(battle)}>
            {BATTLE_TEXT.accept}
          </Button>
        )}
        {actions.decline && (
          <Button $size="sm" $variant="secondary" disabled={busy} onClick={() => decline.mutate(battle.id)}>
            {BATTLE_TEXT.decline}
          </Button>
        )}
        {actions.cancel && (
          <>
            <Muted>{BATTLE_TEXT.waitingFor(battle.defender.username)}</Muted>
            <Button $size="sm" $variant="secondary" disabled={busy} onClick={() => cancel.mutate(battle.id)}>
              {BATTLE_TEXT.cancel}
            </Button>
          </>
        )}
        {actions.flip && (
          <>
            <Muted>{BATTLE_TEXT.readyToFlip}</Muted>
            <Button $size="sm" disabled={busy} onClick={() => complete.mutate(battle)}>
              {complete.isPending ? BATTLE_TEXT.flipping : flipLabel}
            </Button>
          </>
        )}
        {battle.status === 'completed' && (
          <Button $size="sm" $variant="outline" aria-label={`Details of battle ${battle.id}`} onClick={() => onDetails(battle)}>
            {BATTLE_TEXT.details}
          </Button>
        )}
      </Row>
    </Card>
  );
}
