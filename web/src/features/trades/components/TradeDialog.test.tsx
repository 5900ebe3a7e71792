// @vitest-environment happy-dom
/** The Trade dialog in a DOM, opened the way screens open it (useTradeDialog): its choices, what it sends, and what a close keeps. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asUserId, type User } from '@pog/common';
import { makePog } from '../../pogs/testPog';
import { makeTrade } from '../testTrade';
import { currentToast, fakeGateway, renderWithApp } from '../../../testing/render';
import { useTradeDialog } from '../useTradeDialog';

const person = (id: number, username: string, pogCount: number) => ({
  id,
  username,
  displayName: username,
  avatarInitials: username[0]!.toUpperCase(),
  avatarColor: '#6366F1',
  role: 'user' as const,
  pogCount,
});
const alice: User = { ...person(7, 'alice', 1), id: asUserId(7) };

const ember = makePog({ id: 1, userId: 7, name: 'Ember' });
const tide = makePog({ id: 2, userId: 8, username: 'bob', creatorId: 8, creatorUsername: 'bob', name: 'Tide' });
const frost = makePog({ id: 3, userId: 9, username: 'cleo', creatorId: 9, creatorUsername: 'cleo', name: 'Frost' });

const reads = {
  'GET /api/user': alice,
  // The dialog asks for players holding POGs (holding=1); the server's filter is tested in users.test.ts.
  'GET /api/users?holding=1': [alice, person(8, 'bob', 1), person(9, 'cleo', 1)],
  'GET /api/users/7/pogs': [ember],
  'GET /api/users/8/pogs': [tide],
  'GET /api/users/9/pogs': [frost],
};

/** A screen with the two ways to open the dialog: plain, and from one of your own POGs. */
function Host() {
  const { openTrade, dialog } = useTradeDialog();
  return (
    <>
      <button onClick={() => openTrade()}>New Trade</button>
      <button onClick={() => openTrade({ offerPogId: ember.id })}>Trade Ember</button>
      {dialog}
    </>
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Trade POGs' });
const sendButton = () => screen.getByRole('button', { name: 'Send Trade Offer' }) as HTMLButtonElement;
const choosePlayer = async (name: string) => {
  const select = (await screen.findByRole('combobox', { name: 'Trade With' })) as HTMLSelectElement;
  await waitFor(() => expect(within(select).queryByRole('option', { name })).not.toBeNull());
  fireEvent.change(select, { target: { value: within(select).getByRole('option', { name }).getAttribute('value') } });
};
const click = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

describe('Trade dialog', () => {
  it('sends the offer only once a POG of yours, a player and one of theirs are chosen', async () => {
    const gateway = fakeGateway({ ...reads, 'POST /api/trades': makeTrade({ id: 31 }) });
    renderWithApp(<Host />);
    await click('New Trade');
    await dialog();

    expect(sendButton().disabled).toBe(true);
    await click('Offer Ember');
    expect(screen.getByText('Ember', { selector: 'strong a' })).toBeTruthy();
    await choosePlayer('bob');
    expect(sendButton().disabled).toBe(true);
    await click('Request Tide');
    expect(sendButton().disabled).toBe(false);

    fireEvent.click(sendButton());
    await waitFor(() => expect(currentToast()).toEqual({ title: 'Trade Offer Sent', description: 'Your trade offer has been sent successfully!' }));
    expect(gateway.writes()).toEqual([{ method: 'POST', path: '/api/trades', body: { fromUserId: 7, toUserId: 8, offerPogId: 1, requestPogId: 2 } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists only other players who own POGs', async () => {
    fakeGateway(reads);
    renderWithApp(<Host />);
    await click('New Trade');
    await choosePlayer('bob');
    const options = within(screen.getByRole('combobox', { name: 'Trade With' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select player', 'bob', 'cleo']);
  });

  it("drops the requested POG when another player is chosen: it was the other player's", async () => {
    const gateway = fakeGateway(reads);
    renderWithApp(<Host />);
    await click('New Trade');
    await click('Offer Ember');
    await choosePlayer('bob');
    await click('Request Tide');
    expect(screen.getByText('Tide', { selector: 'strong a' })).toBeTruthy();

    await choosePlayer('cleo');
    expect(await screen.findByRole('button', { name: 'Request Frost' })).toBeTruthy();
    expect(screen.getByText('Click a POG above to request it')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    // Back to the first player: the old request is gone, not waiting to come back.
    await choosePlayer('bob');
    expect(await screen.findByRole('button', { name: 'Request Tide' })).toBeTruthy();
    expect(screen.getByText('Click a POG above to request it')).toBeTruthy();
    expect(gateway.writes()).toEqual([]);
  });

  it('forgets the player and their POG on close but keeps the POG it was opened for', async () => {
    fakeGateway(reads);
    renderWithApp(<Host />);
    await click('Trade Ember');
    expect(await screen.findByText('Ember', { selector: 'strong a' })).toBeTruthy();
    await choosePlayer('bob');
    await click('Request Tide');

    await click('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await click('New Trade');
    await dialog();
    expect(await screen.findByText('Ember', { selector: 'strong a' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Trade With' }) as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('Select a player to see their POGs')).toBeTruthy();
  });

  it("keeps the dialog open and shows the server's reason when the offer is refused", async () => {
    fakeGateway({ ...reads, 'POST /api/trades': { status: 409, body: { code: 'CONFLICT', message: 'Tide is already offered in another trade.' } } });
    renderWithApp(<Host />);
    await click('New Trade');
    await click('Offer Ember');
    await choosePlayer('bob');
    await click('Request Tide');
    fireEvent.click(sendButton());

    await waitFor(() => expect(currentToast()).toEqual({ title: 'Trade Error', description: 'Tide is already offered in another trade.' }));
    expect(await dialog()).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
  });
});
