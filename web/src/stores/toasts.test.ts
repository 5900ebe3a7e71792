import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toasts';

describe('toast store', () => {
  beforeEach(() => useToastStore.setState({ current: null }));

  it('keeps only the newest toast', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const current = useToastStore.getState().current;
    expect(current?.title).toBe('Second');
    expect(current?.variant).toBe('destructive');
  });

  it('ignores the dismissal of a toast that was already replaced', () => {
    const first = toast({ title: 'First' });
    toast({ title: 'Second' });
    useToastStore.getState().dismiss(first);
    expect(useToastStore.getState().current?.title).toBe('Second');
    useToastStore.getState().dismiss();
    expect(useToastStore.getState().current).toBeNull();
  });
});
