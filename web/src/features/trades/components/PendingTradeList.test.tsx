// @vitest-environment happy-dom
/** Answering an offer in the Trade Center: nothing is sent until the player confirms, in a dialog showing both POGs. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asUserId } from '@pog/common';
import { fakeGateway, renderWithApp } from '../../../testing/render';
import { makeTrade } from '../testTrade';
import { PendingTradeList } from './PendingTradeList';

const bob = asUserId(8);
// Sent by alice to bob: her Ember for his Tide, a week to answer it.
const offer = makeTrade({ id: 31, expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000 - 60_000).toISOString() });

function open() {
  const gateway = fakeGateway({
    'GET /api/trades/pending/8': [offer],
    'PATCH /api/trades/31/status': (body: unknown) => ({ ...offer, status: (body as { status: string }).status }),
  });
  renderWithApp(<PendingTradeList userId={bob} />);
  return { gateway };
}

describe('Answering an offer', () => {
  it('shows how long the offer has left', async () => {
    open();
    const card = await screen.findByRole('article', { name: 'Offer from alice' });
    expect(within(card).getByText('Expires in 6d 23h')).toBeTruthy();
  });

  it('asks before accepting, showing what the player gives and gets, and sends nothing on Cancel', async () => {
    const { gateway } = open();
    const card = await screen.findByRole('article', { name: 'Offer from alice' });
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this trade?' });
    within(dialog).getByText('You give Tide and get Ember from alice. Once accepted, the trade cannot be undone.');
    within(dialog).getByText('You give');
    within(dialog).getByText('You get');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(gateway.writes()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Accept this trade?' })).getByRole('button', { name: 'Accept Trade' }));
    await waitFor(() => expect(gateway.writes()).toEqual([{ method: 'PATCH', path: '/api/trades/31/status', body: { status: 'accepted' } }]));
  });

  it('asks before rejecting, naming the offer that ends', async () => {
    const { gateway } = open();
    const card = await screen.findByRole('article', { name: 'Offer from alice' });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    within(dialog).getByText("alice's offer of Ember for Tide ends, and they are told.");
    expect(gateway.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Trade' }));
    await waitFor(() => expect(gateway.writes()).toEqual([{ method: 'PATCH', path: '/api/trades/31/status', body: { status: 'rejected' } }]));
  });
});
