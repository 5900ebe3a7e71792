/**
 * Which POGs of an admin list are selected for a bulk action. The selection counts only POGs the
 * list shows now: one that leaves it (another admin decided it, a search hides it) drops out of
 * "N selected" and of the action by itself. The pure rules are tested without React.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Pog, PogId } from '@pog/common';

/** The picked ids with `id` added or taken out; the same set when nothing changes. */
export function withPicked(picked: ReadonlySet<PogId>, id: PogId, on: boolean): ReadonlySet<PogId> {
  if (picked.has(id) === on) return picked;
  const next = new Set(picked);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The picked ids without `ids`; the same set when none of them is picked. */
export function withoutPicked(picked: ReadonlySet<PogId>, ids: readonly PogId[]): ReadonlySet<PogId> {
  if (!ids.some((id) => picked.has(id))) return picked;
  const next = new Set(picked);
  for (const id of ids) next.delete(id);
  return next;
}

/** The shown POGs that are picked, in the list's order. */
export function selectedShown(picked: ReadonlySet<PogId>, shown: readonly Pog[]): Pog[] {
  return shown.filter((pog) => picked.has(pog.id));
}

/** 'all' when every shown POG is picked, 'some', or 'none' (the Select all shown box: checked, mixed, clear). */
export function shownState(picked: ReadonlySet<PogId>, shown: readonly Pog[]): 'all' | 'some' | 'none' {
  const count = selectedShown(picked, shown).length;
  if (count === 0) return 'none';
  return count === shown.length ? 'all' : 'some';
}

export interface PogSelection {
  /** The selected POGs the list shows, in its order. */
  selected: Pog[];
  state: 'all' | 'some' | 'none';
  isSelected: (id: PogId) => boolean;
  toggle: (id: PogId, on: boolean) => void;
  selectAllShown: () => void;
  /** Takes `ids` out of the selection and keeps the rest. */
  deselect: (ids: readonly PogId[]) => void;
  clear: () => void;
}

export function usePogSelection(shown: readonly Pog[]): PogSelection {
  const [picked, setPicked] = useState<ReadonlySet<PogId>>(() => new Set());
  const selected = useMemo(() => selectedShown(picked, shown), [picked, shown]);
  const isSelected = useCallback((id: PogId) => picked.has(id), [picked]);
  const toggle = useCallback((id: PogId, on: boolean) => setPicked((current) => withPicked(current, id, on)), []);
  const selectAllShown = useCallback(() => setPicked(new Set(shown.map((pog) => pog.id))), [shown]);
  const deselect = useCallback((ids: readonly PogId[]) => setPicked((current) => withoutPicked(current, ids)), []);
  const clear = useCallback(() => setPicked(new Set()), []);
  return { selected, state: shownState(picked, shown), isSelected, toggle, selectAllShown, deselect, clear };
}
