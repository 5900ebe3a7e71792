/**
 * The "Want" / "Up for trade" toggle of a POG card or page: another player's POG can be wanted, your
 * own put up for trade. Null for a visitor. Every card shares one read of the player's marks.
 */
import type { MarkList, Pog, UserId } from '@pog/common';
import { WISHLIST_TEXT } from './messages';
import { useMarkPog } from './mutations';
import { useMarks } from './queries';

export interface MarkToggle {
  list: MarkList;
  marked: boolean;
  /** What the control says: "Want"/"Wanted", or "Up for trade". */
  text: string;
  /** Its accessible name, with the POG's name. */
  label: string;
  busy: boolean;
  toggle: () => void;
}

export function useMarkToggle(pog: Pick<Pog, 'id' | 'userId' | 'name'>, viewerId: UserId | null): MarkToggle | null {
  const marks = useMarks(viewerId !== null);
  const mark = useMarkPog();
  if (viewerId === null) return null;
  const list: MarkList = pog.userId === viewerId ? 'have' : 'want';
  const marked = (list === 'want' ? marks.data?.wants : marks.data?.haves)?.includes(pog.id) ?? false;
  const text = list === 'have' ? WISHLIST_TEXT.upForTrade : marked ? WISHLIST_TEXT.wanted : WISHLIST_TEXT.want;
  return {
    list,
    marked,
    text,
    label: list === 'have' ? `${WISHLIST_TEXT.upForTrade}: ${pog.name}` : `${WISHLIST_TEXT.want} ${pog.name}`,
    busy: mark.isPending || marks.isPending,
    toggle: () => mark.mutate({ pogId: pog.id, list, marked: !marked }),
  };
}
