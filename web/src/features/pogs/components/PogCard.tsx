import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import styled, { css, keyframes } from 'styled-components';
import { DISPLAY, editRefusal, type Pog, RARITIES, type Rarity, type UserId } from '@pog/common';
import { Badge } from '../../../components/Badge';
import { useHeadingTag } from '../../../components/HeadingLevel';
import { HeartIcon, PencilIcon, RepeatIcon, SwordsIcon, TagIcon, TrashIcon } from '../../../components/icons';
import { throttle } from '../../../hooks/throttle';
import { challengePath } from '../../battles/selection';
import { useMarkToggle } from '../../wishlists/useMarkToggle';
import { PlayerName } from '../../players/PlayerName';
import { rarityAnimation } from '../rarityAnimation';
import { ownershipBadge, TRADE_BLOCK_LABELS } from '../trade';
import { useTradeBlock } from '../useTradeBlock';
import { DeletePogDialog } from './DeletePogDialog';
import { PogDisc } from './PogDisc';
import { PogLink } from './PogLink';
import { RarityBadge } from './RarityBadge';

/** The disc button's name also says the text printed on the disc, so a speech user can say what they see. */
function discButtonLabel(pog: Pog): string {
  const printed = pog.textContent.trim();
  return printed ? `View ${pog.name}: ${printed}` : `View ${pog.name}`;
}

export type PogCardSize = 'sm' | 'md' | 'lg' | 'xl';

/** Disc diameters in pixels. */
export const POG_CARD_SIZES: Record<PogCardSize, number> = { sm: 96, md: 140, lg: 190, xl: 260 };

/** One shimmer per rarity: it sweeps during the first 2 s of each period, then rests. */
const SHIMMERS = Object.fromEntries(
  RARITIES.map((rarity) => {
    const timing = rarityAnimation(rarity);
    if (!timing) return [rarity, null];
    const sweep = keyframes`
      0% { transform: translateX(-120%) rotate(20deg); opacity: 0; }
      ${timing.activeUntilPercent * 0.15}% { opacity: 1; }
      ${timing.activeUntilPercent}% { transform: translateX(120%) rotate(20deg); opacity: 0; }
      100% { transform: translateX(120%) rotate(20deg); opacity: 0; }
    `;
    return [rarity, css`animation: ${sweep} ${timing.periodSeconds}s ease-in-out infinite;`];
  }),
) as Record<Rarity, ReturnType<typeof css> | null>;

const flip = keyframes`from { transform: rotateY(0); } to { transform: rotateY(360deg); }`;

const Card = styled.article<{ $width: number }>`
  position: relative;
  display: grid;
  justify-items: center;
  align-content: start;
  gap: 0.5rem;
  width: ${({ $width }) => $width + 24}px;
  /* As tall as the tallest card of its row (the grid's cells stretch), so a row reads as one. */
  height: 100%;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  /* Its own text colour, not the body's: a card never depends on when the global style is inserted. */
  color: ${({ theme }) => theme.colors.text};
  transition: transform 160ms ease, border-color 160ms ease;
  &:hover, &:focus-within { border-color: ${({ theme }) => theme.colors.borderStrong}; transform: translateY(-2px); }
`;

const DiscArea = styled.div<{ $size: number }>`
  position: relative;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
`;

const Shine = styled.span<{ $rarity: Rarity }>`
  position: absolute;
  inset: 0;
  border-radius: 50%;
  overflow: hidden;
  pointer-events: none;
  &::before {
    content: '';
    position: absolute;
    top: -20%;
    bottom: -20%;
    width: 35%;
    background: linear-gradient(90deg, transparent, rgba(255, 255, 255, 0.55), transparent);
    transform: translateX(-120%);
    ${({ $rarity }) => SHIMMERS[$rarity]}
  }
`;

const DiscButton = styled.button<{ $spinning: boolean }>`
  display: block;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: none;
  cursor: pointer;
  ${({ $spinning }) =>
    $spinning &&
    css`
      animation: ${flip} ${DISPLAY.clickAnimationSeconds}s ease-in-out;
    `}
`;

/**
 * Over the disc's top right corner, shown on hover or focus; on a touch screen, where nothing
 * hovers, always shown in a row under the card's text, off the art.
 */
const Actions = styled.div`
  position: absolute;
  top: 0.75rem;
  right: 0.5rem;
  display: grid;
  gap: 0.3rem;
  opacity: 0;
  transition: opacity 120ms ease;
  ${Card}:hover &, ${Card}:focus-within & { opacity: 1; }
  @media (hover: none) {
    position: static;
    display: flex;
    justify-content: center;
    opacity: 1;
  }
  &:empty { display: none; }
`;

const Action = styled.button<{ $danger?: boolean }>`
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme, $danger }) => ($danger ? '#fca5a5' : theme.colors.text)};
  cursor: pointer;
  svg { width: 1rem; height: 1rem; }
  &:hover:not(:disabled) { background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerFill : theme.colors.primaryFill)}; color: #fff; }
  &:disabled { opacity: 0.45; cursor: not-allowed; }
  &[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primaryFill}; color: #fff; }
`;

const Ownership = styled(Badge)`
  position: absolute;
  left: 50%;
  bottom: -0.4rem;
  transform: translateX(-50%);
  font-size: 0.65rem;
`;

const Name = styled.h3<{ $small: boolean }>`
  max-width: 100%;
  font-size: ${({ $small }) => ($small ? '0.85rem' : '1rem')};
  text-align: center;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Meta = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.3rem;
  max-width: 100%;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  > * { max-width: 100%; }
`;

/** The rarity and the points, always on one line: a long rarity name never pushes the points down. */
const Score = styled.span<{ $small: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  white-space: nowrap;
  font-size: ${({ $small }) => ($small ? '0.68rem' : '0.8rem')};
  ${({ $small }) => ($small ? '> [data-testid="rarity"] { font-size: 0.58rem; padding: 0.05rem 0.35rem; }' : '')}
`;

/** The creator's name leads to their player page (a signed-in route, so only for players). */
const Blocked = styled.span`
  color: ${({ theme }) => theme.colors.warning};
  font-weight: 700;
`;

const Points = styled.span`
  font-weight: 800;
  color: ${({ theme }) => theme.colors.gold};
`;

export interface PogCardProps {
  pog: Pog;
  size?: PogCardSize;
  /** The signed-in player's id, or null for a visitor: decides the owner actions and the badge. */
  viewerId: UserId | null;
  /** Opens the POG (e.g. the detail dialog). */
  onSelect?: (pog: Pog) => void;
  onEdit?: (pog: Pog) => void;
  /** Called after the player confirmed 'Delete POG?'. */
  onDelete?: (pog: Pog) => Promise<unknown>;
  onTrade?: (pog: Pog) => void;
  /** Shows who made it (browsing lists). */
  showCreator?: boolean;
  /** Offers a Challenge action on another player's POG: the Battle Arena with its owner preselected. */
  challenge?: boolean;
  /** One of the first cards of the list, on screen as the page opens (PogDisc's `prominent`). */
  prominent?: boolean;
}

/** A throttled select that spins the disc while it opens the POG. */
function useSpinningSelect(pog: Pog, onSelect: PogCardProps['onSelect']) {
  const [spinning, setSpinning] = useState(false);
  const select = useMemo(
    () =>
      throttle(() => {
        setSpinning(true);
        window.setTimeout(() => setSpinning(false), DISPLAY.clickAnimationSeconds * 1000);
        onSelect?.(pog);
      }, DISPLAY.clickThrottleMs),
    [onSelect, pog],
  );
  return { spinning, select };
}

/** The 'Delete POG?' dialog's state: open, busy while the delete runs, closed once it succeeded. */
function useDeleteConfirmation(pog: Pog, onDelete: PogCardProps['onDelete']) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirmDelete = async () => {
    if (!onDelete) return;
    setDeleting(true);
    try {
      await onDelete(pog);
      setConfirming(false);
    } catch {
      // The mutation already told the player; the dialog stays open for another try.
    } finally {
      setDeleting(false);
    }
  };
  return { confirming, setConfirming, deleting, confirmDelete };
}

type TradeBlock = ReturnType<typeof useTradeBlock>;

interface CardActionsProps extends Pick<PogCardProps, 'pog' | 'viewerId' | 'onEdit' | 'onTrade'> {
  owner: boolean;
  /** Present when the owner may delete: asks to confirm. */
  onAskDelete: (() => void) | undefined;
  challenge: boolean;
  tradeBlock: TradeBlock;
}

/** "Want" on another player's POG, "Up for trade" on your own (signed in only). */
function MarkAction({ pog, viewerId }: Pick<PogCardProps, 'pog' | 'viewerId'>) {
  const mark = useMarkToggle(pog, viewerId);
  if (!mark) return null;
  return (
    <Action type="button" aria-label={mark.label} aria-pressed={mark.marked} title={mark.text} disabled={mark.busy} onClick={mark.toggle}>
      {mark.list === 'want' ? <HeartIcon /> : <TagIcon />}
    </Action>
  );
}

/** The hover actions: edit, delete, trade, challenge, want or up for trade, each where it applies. */
function CardActions({ pog, viewerId, owner, onEdit, onAskDelete, onTrade, challenge, tradeBlock }: CardActionsProps) {
  return (
    <Actions>
      {onEdit && editRefusal(pog, viewerId) === null && (
        <Action type="button" aria-label={`Edit ${pog.name}`} title="Edit" onClick={() => onEdit(pog)}>
          <PencilIcon />
        </Action>
      )}
      {owner && onAskDelete && (
        <Action type="button" $danger aria-label={`Delete ${pog.name}`} title="Delete" onClick={onAskDelete}>
          <TrashIcon />
        </Action>
      )}
      {onTrade && (
        <Action
          type="button"
          aria-label={`Trade ${pog.name}`}
          title={tradeBlock ? tradeBlock.title : 'Trade'}
          disabled={tradeBlock !== null}
          onClick={() => onTrade(pog)}
        >
          <RepeatIcon />
        </Action>
      )}
      {challenge && viewerId !== null && !owner && (
        <Action as={Link} to={challengePath(pog.userId)} aria-label={`Challenge ${pog.username} to a battle`} title="Challenge">
          <SwordsIcon />
        </Action>
      )}
      <MarkAction pog={pog} viewerId={viewerId} />
    </Actions>
  );
}

/** Rarity, points, the creator and why it cannot be traded now. */
function CardMeta({ pog, viewerId, showCreator, tradeBlock, small }: { pog: Pog; viewerId: UserId | null; showCreator: boolean; tradeBlock: TradeBlock; small: boolean }) {
  return (
    <Meta>
      <Score $small={small}>
        <RarityBadge pog={pog} />
        {pog.points !== null && !pog.pointsPending && <Points data-testid="points">{pog.points} PTS</Points>}
      </Score>
      {showCreator && (
        <span>
          by{' '}
          <PlayerName userId={pog.creatorId} username={pog.creatorUsername} linked={viewerId !== null} />
        </span>
      )}
      {tradeBlock && <Blocked title={tradeBlock.title}>{TRADE_BLOCK_LABELS[tradeBlock.reason]}</Blocked>}
    </Meta>
  );
}

/**
 * A POG in a list (product spec: screens, POG card): the disc, its name, points and rarity, the CREATED or
 * COLLECTED badge, and the hover actions (edit for the creator while it is theirs and has never
 * changed hands, delete for the owner, trade). The actions also
 * appear on keyboard focus and always on touch screens.
 */
export function PogCard({ pog, size = 'md', viewerId, onSelect, onEdit, onDelete, onTrade, showCreator = false, challenge = false, prominent = false }: PogCardProps) {
  const diameter = POG_CARD_SIZES[size];
  const owner = viewerId !== null && pog.userId === viewerId;
  const badge = ownershipBadge(pog, viewerId);
  const { confirming, setConfirming, deleting, confirmDelete } = useDeleteConfirmation(pog, onDelete);
  const { spinning, select } = useSpinningSelect(pog, onSelect);

  const disc = <PogDisc design={pog} size={diameter} prominent={prominent} />;
  // On cooldown, rejected or out of supply: the button stays, disabled, its title saying why.
  const tradeBlock = useTradeBlock(pog);
  const headingTag = useHeadingTag();

  return (
    <Card $width={diameter} aria-label={pog.name} data-pog-id={pog.id}>
      <DiscArea $size={diameter}>
        {onSelect ? (
          <DiscButton type="button" aria-label={discButtonLabel(pog)} $spinning={spinning} onClick={select}>
            {disc}
          </DiscButton>
        ) : (
          disc
        )}
        {!pog.pointsPending && <Shine $rarity={pog.rarity} aria-hidden="true" />}
        {badge && <Ownership $variant={badge === 'CREATED' ? 'default' : 'success'}>{badge}</Ownership>}
      </DiscArea>
      <Name as={headingTag} $small={size === 'sm'} title={pog.name}>
        <PogLink pog={pog} />
      </Name>
      <CardMeta pog={pog} viewerId={viewerId} showCreator={showCreator} tradeBlock={tradeBlock} small={size === 'sm'} />
      <CardActions
        pog={pog}
        viewerId={viewerId}
        owner={owner}
        onEdit={onEdit}
        onAskDelete={onDelete ? () => setConfirming(true) : undefined}
        onTrade={onTrade}
        challenge={challenge}
        tradeBlock={tradeBlock}
      />
      {onDelete && (
        <DeletePogDialog
          pogName={pog.name}
          open={confirming}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </Card>
  );
}
