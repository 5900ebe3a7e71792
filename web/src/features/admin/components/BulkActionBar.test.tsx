// @vitest-environment happy-dom
/**
 * The review queue's bulk selection in a DOM: after a bulk action succeeds, only its POGs leave the
 * selection. A POG the admin ticks while the lists reload (the acted ones already gone from the
 * queue, "0 selected" on screen) stays selected and can be acted on next.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makePog } from '../../pogs/testPog';
import { fakeGateway, renderWithApp } from '../../../testing/render';
import { FlaggedTab } from './FlaggedTab';

const flagged = (id: number, name: string) => makePog({ id, name, isFlagged: true });
const [ember, tide, frost] = [flagged(3, 'Ember'), flagged(2, 'Tide'), flagged(1, 'Frost')];
const QUEUE = 'GET /api/admin/pogs/flagged?sort=newest';

describe('bulk selection in the review queue', () => {
  it('keeps a POG ticked while the lists reload after a bulk approval', async () => {
    let approved = false;
    fakeGateway({
      [QUEUE]: () => (approved ? [tide, frost] : [ember, tide, frost]),
      'GET /api/admin/claims': { adminSessionId: 1, claims: [] },
      'POST /api/admin/pogs/bulk': () => {
        approved = true;
        return { action: 'approve', pogs: [{ ...ember, isFlagged: false, isApproved: true, moderationStatus: 'approved' }] };
      },
    });
    // The reload after the approval waits until the test lets it answer.
    const fake = globalThis.fetch;
    let answerReload: () => void = () => {};
    const reloadHeld = new Promise<void>((resolve) => (answerReload = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (approved && (init?.method ?? 'GET') === 'GET') await reloadHeld;
      return fake(input, init);
    });

    renderWithApp(<FlaggedTab onReview={() => {}} onUnauthorized={() => {}} />);
    const queue = await screen.findByRole('list', { name: 'Flagged POGs' });
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions on Flagged POGs' });
    const box = (name: string) => within(queue).getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;

    fireEvent.click(box('Ember'));
    within(bar).getByText('1 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve' }));
    // The result is in the queue at once; the reload is still held.
    await waitFor(() => expect(within(queue).queryByRole('checkbox', { name: 'Select Ember' })).toBeNull());
    within(bar).getByText('0 selected');

    fireEvent.click(box('Tide'));
    within(bar).getByText('1 selected');
    answerReload();
    // Once the action has settled, its buttons are no longer busy.
    await waitFor(() => expect((within(bar).queryByRole('button', { name: 'Approve' }) as HTMLButtonElement | null)?.disabled ?? false).toBe(false));
    expect(box('Tide').checked).toBe(true);
    within(bar).getByText('1 selected');
    expect((within(bar).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
