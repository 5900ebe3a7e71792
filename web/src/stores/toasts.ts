/**
 * Toasts (product spec: limits): only one at a time, so showing a new toast replaces the current one.
 * The timing (5 s, pause on hover) lives in the Toaster component that renders it.
 */
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void } | undefined;
}

export interface Toast extends ToastInput {
  id: number;
  variant: ToastVariant;
}

interface ToastState {
  current: Toast | null;
  show: (toast: ToastInput) => number;
  /** Dismisses the given toast, or the current one; a stale id (already replaced) does nothing. */
  dismiss: (id?: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set, get) => ({
  current: null,
  show: (input) => {
    const id = nextId++;
    set({ current: { ...input, id, variant: input.variant ?? 'default' } });
    return id;
  },
  dismiss: (id) => {
    const current = get().current;
    if (current && (id === undefined || current.id === id)) set({ current: null });
  },
}));

/** Callable from anywhere, including mutation callbacks outside React. */
export const toast = (input: ToastInput) => useToastStore.getState().show(input);
