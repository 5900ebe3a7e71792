// @vitest-environment happy-dom
/**
 * The Battle Arena's state in a DOM: the challenge form's choices (address preselection, blocked
 * POGs, the battle type) and what it sends, the switch to My Battles, and the reveal of a completed
 * battle, played once on the arena and toasted at once elsewhere.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { asUserId, type User } from '@pog/common';
import { announceCompletion, useRevealStore } from '../../features/battles/reveal';
import { makeBattle, makeCompletedBattle } from '../../features/battles/testBattle';
import { makePog } from '../../features/pogs/testPog';
import { currentToast, fakeGateway, renderWithApp } from '../../testing/render';
import BattlePage from './BattlePage';

const person = (id: number, username: string) => ({ id, username, displayName: username, avatarInitials: username[0]!.toUpperCase(), avatarColor: '#6366F1', role: 'user' as const, pogCount: 1 });
const alice: User = { ...person(7, 'alice'), id: asUserId(7) };

const ember = makePog({ id: 1, userId: 7, name: 'Ember' });
const spark = makePog({ id: 4, userId: 7, name: 'Spark' });

function arenaReads(openBattles: unknown[] = []) {
  return {
    'GET /api/user': alice,
    'GET /api/users?canBeChallenged=1': [alice, person(8, 'bob'), person(9, 'cleo')],
    'GET /api/users/7/pogs': [ember, spark],
    'GET /api/battles/pending/7': openBattles,
  };
}

const opponent = () => screen.findByRole('combobox', { name: 'Opponent' }) as Promise<HTMLSelectElement>;
const sendButton = () => screen.getByRole('button', { name: 'Send Challenge' }) as HTMLButtonElement;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

beforeEach(() => {
  useRevealStore.setState({ current: null, announced: new Set() });
});

describe('Battle Arena', () => {
  it('preselects ?opponent=, sends the chosen POG and type, and moves to My Battles', async () => {
    const gateway = fakeGateway({ ...arenaReads(), 'POST /api/battles': makeBattle({ id: 5, battleType: 'championship' }) });
    renderWithApp(<BattlePage />, { route: '/battle?opponent=8' });

    expect((await opponent()).value).toBe('8');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText('Please select both a POG and an opponent.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Championship (best of three)' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Spark' }));
    expect(sendButton().disabled).toBe(false);
    // The player's own seed: a random one proposed, refused when it breaks the rule, theirs when they write one.
    const seed = screen.getByRole('textbox', { name: 'Your seed' }) as HTMLInputElement;
    expect(seed.value).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.change(seed, { target: { value: 'not: a seed' } });
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByText('A seed is 1 to 64 letters, digits, "-" or "_".')).toBeTruthy();
    fireEvent.change(seed, { target: { value: 'ringo-Lucky_7' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());

    await waitFor(() => expect(currentToast()?.title).toBe('Challenge Sent!'));
    expect(gateway.writes()).toEqual([
      { method: 'POST', path: '/api/battles', body: { challengerId: 7, defenderId: 8, challengerPogId: 4, battleType: 'championship', challengerSeed: 'ringo-Lucky_7' } },
    ]);
    await waitFor(() => expect(tab(/My Battles/).getAttribute('aria-selected')).toBe('true'));
    // The next challenge gets a new seed.
    fireEvent.click(tab(/^Challenge$/));
    expect((screen.getByRole('textbox', { name: 'Your seed' }) as HTMLInputElement).value).toMatch(/^[0-9a-f]{32}$/);
  });

  it('offers no POG already risked in an open battle, and ignores an ?opponent= who cannot be challenged', async () => {
    const open = makeBattle({ id: 6, challengerId: 7, challengerPogId: ember.id, status: 'pending' });
    // The picker looks ?opponent= up among the players who can be challenged: not there.
    const gateway = fakeGateway({ ...arenaReads([open]), 'GET /api/users?canBeChallenged=1&id=42': [] });
    renderWithApp(<BattlePage />, { route: '/battle?opponent=42' });

    expect((await opponent()).value).toBe('');
    expect(screen.getByText('That player holds no POG they could risk in a battle right now, so they cannot be challenged.')).toBeTruthy();
    const risked = screen.getByRole('radio', { name: 'Ember' }) as HTMLInputElement;
    expect(risked.disabled).toBe(true);
    expect(screen.getByText('Already risked in another open battle')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Spark' }) as HTMLInputElement).disabled).toBe(false);
    // The count of open battles is on the My Battles tab.
    expect(tab(/My Battles/).textContent).toMatch(/1/);
    expect(gateway.writes()).toEqual([]);
  });

  it('plays a completed battle on the arena round by round, toasts the result at the end, and only once', async () => {
    fakeGateway(arenaReads());
    renderWithApp(<BattlePage />);
    await opponent();
    const battle = makeCompletedBattle({ id: 9 });

    act(() => announceCompletion(battle));
    expect(await screen.findByRole('dialog', { name: 'alice vs bob' })).toBeTruthy();
    expect(screen.getByText('The rolls are coming...')).toBeTruthy();
    expect(currentToast()).toBeNull();

    expect(await screen.findByText('alice wins!', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(/^Round 1: alice 57 \(55 \+ 2\), bob 41: alice takes it$/)).toBeTruthy();
    await waitFor(() => expect(currentToast()?.title).toBe('Battle Completed!'));

    // The dialog's own Close button (the corner one is labelled Close too).
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its socket echo arrives: already announced, nothing plays again.
    act(() => announceCompletion(battle));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toasts a completion at once when no arena is on screen', () => {
    announceCompletion(makeCompletedBattle({ id: 10 }));
    expect(currentToast()?.title).toBe('Battle Completed!');
    expect(useRevealStore.getState().current).toBeNull();
  });
});
