/**
 * The sender of an offer or a challenge is told how it ended: each outcome stores one notification
 * for them, in the command's (or the sweep's) unit of work, linking to the exact trade or battle,
 * in the words the web app's toast uses (common/notifications/answers.ts). Offers and challenges
 * that arrive link to theirs too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battle, Notification, Trade } from '@pog/common';
import { ManualClock } from '@pog/domain/clock';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { connectSocket, recordEvents } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';
import type { PogId } from '@pog/common/schemas/ids';

const DAY = 24 * 3_600_000;

describe.each(TEST_SETUPS)('notifications of answers', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    let app: TestApp;
    const clock = new ManualClock(new Date('2033-03-01T09:00:00Z'));
    beforeAll(async () => {
      // This file runs the trade expiry sweep, which must not reach other files' data: its own database.
      app = await startTestApp({ backend: setup.backend, env: setup.env, clock, ownDatabase: true });
    });
    afterAll(async () => {
      await app?.close();
    });

    type Player = TestPlayer & { pog: PogId };
    const player = async (pogName: string): Promise<Player> => {
      const p = await createPlayer(app, 'na');
      return { ...p, pog: await givePog(app.runtime.db, p.id, { name: pogName }) };
    };
    const notes = async (p: TestPlayer) => (await p.client.get('/api/notifications')).body.items as Notification[];
    const ofKind = async (p: TestPlayer, kind: Notification['kind']) => (await notes(p)).filter((n) => n.kind === kind);
    async function offer(from: Player, to: Player, offerPogId: PogId = from.pog, requestPogId: PogId = to.pog): Promise<Trade> {
      const res = await from.client.post('/api/trades', { fromUserId: from.id, toUserId: to.id, offerPogId, requestPogId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Trade;
    }
    async function challenge(from: Player, to: Player): Promise<Battle> {
      const res = await from.client.post('/api/battles', { challengerId: from.id, defenderId: to.id, challengerPogId: from.pog, battleType: 'standard' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Battle;
    }

    it('an accepted offer: the sender is told once, live, linking to the trade; the offer itself linked to it', async () => {
      const [a, b] = [await player('Amber'), await player('Basalt')];
      const socket = await connectSocket(app.url, a.client);
      try {
        const live = recordEvents(socket, 'notification');
        const trade = await offer(a, b);
        expect((await ofKind(b, 'trade.offered'))[0]).toMatchObject({ title: 'New trade offer', link: `/trade?trade=${trade.id}` });
        expect((await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'accepted' })).status).toBe(200);
        const expected = {
          kind: 'trade.accepted',
          title: 'Trade accepted',
          body: `${b.username} accepted: Basalt is yours now, and Amber is theirs.`,
          link: `/trade?trade=${trade.id}`,
        };
        expect(await ofKind(a, 'trade.accepted')).toEqual([expect.objectContaining(expected)]);
        await waitFor(() => live.some((n) => n.kind === 'trade.accepted'), 5000, 'the notification pushed live');
        expect(live.filter((n) => n.kind === 'trade.accepted')).toEqual([expect.objectContaining(expected)]);
      } finally {
        socket.close();
      }
    });

    it('a rejected offer, and a withdrawn one linking to it too', async () => {
      const [a, b] = [await player('Cobalt'), await player('Dune')];
      const trade = await offer(a, b);
      expect((await b.client.patch(`/api/trades/${trade.id}/status`, { status: 'rejected' })).status).toBe(200);
      expect(await ofKind(a, 'trade.rejected')).toEqual([
        expect.objectContaining({ title: 'Trade declined', body: `${b.username} declined your trade offer.`, link: `/trade?trade=${trade.id}` }),
      ]);
      const again = await offer(a, b);
      expect((await a.client.post(`/api/trades/${again.id}/cancel`, { userId: a.id })).status).toBe(200);
      expect((await ofKind(b, 'trade.cancelled'))[0]).toMatchObject({ title: 'Trade offer withdrawn', link: `/trade?trade=${again.id}` });
    });

    it('a countered offer: the sender is told with a link to the counter, which waits for their answer', async () => {
      const [a, b] = [await player('Ember'), await player('Frost')];
      const bOther = await givePog(app.runtime.db, b.id, { name: 'Fjord' });
      const trade = await offer(a, b);
      const res = await b.client.post(`/api/trades/${trade.id}/counter`, { offerPogId: bOther, requestPogId: a.pog });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await ofKind(a, 'trade.countered')).toEqual([
        expect.objectContaining({ title: 'Counter-offer', body: `${b.username} countered your offer: Fjord for your Ember.`, link: `/trade?trade=${res.body.id}` }),
      ]);
    });

    it('a voided offer (a POG in it traded away): the sender is told whom it was for, the recipient as before', async () => {
      const [a, b, c] = [await player('Garnet'), await player('Harbor'), await player('Iris')];
      const trade = await offer(a, b);
      // c gets b's POG first: a's offer for it is void.
      const rival = await offer(c, b);
      expect((await b.client.patch(`/api/trades/${rival.id}/status`, { status: 'accepted' })).status).toBe(200);
      expect(await ofKind(a, 'trade.cancelled')).toEqual([
        expect.objectContaining({
          title: 'Trade cancelled',
          body: `Your offer to ${b.username} was cancelled because one of its POGs was traded away.`,
          link: `/trade?trade=${trade.id}`,
        }),
      ]);
      expect((await ofKind(b, 'trade.cancelled'))[0]).toMatchObject({
        body: 'A trade offer was cancelled because one of its POGs was traded away.',
        link: `/trade?trade=${trade.id}`,
      });
    });

    it('an expired offer, stored by the sweep once however often it runs', async () => {
      const [a, b] = [await player('Jade'), await player('Kelp')];
      const trade = await offer(a, b);
      clock.advance(7 * DAY + 1000);
      await app.runtime.queue.run('trades.expire', {});
      await app.runtime.queue.run('trades.expire', {});
      expect(await ofKind(a, 'trade.expired')).toEqual([
        expect.objectContaining({ title: 'Trade offer expired', body: `Your offer to ${b.username} expired after 7 days without an answer.`, link: `/trade?trade=${trade.id}` }),
      ]);
      expect(await ofKind(b, 'trade.expired')).toEqual([
        expect.objectContaining({ body: 'A trade offer expired after 7 days without an answer.', link: `/trade?trade=${trade.id}` }),
      ]);
    });

    it('an accepted challenge and a declined one: the challenger is told, linking to the battle', async () => {
      const [a, b] = [await player('Lava'), await player('Moss')];
      const first = await challenge(a, b);
      expect((await ofKind(b, 'battle.challenged'))[0]).toMatchObject({ link: `/battle?battle=${first.id}` });
      expect((await b.client.post(`/api/battles/${first.id}/decline`, {})).status).toBe(200);
      expect(await ofKind(a, 'battle.declined')).toEqual([
        expect.objectContaining({ title: 'Challenge declined', body: `${b.username} declined your battle challenge.`, link: `/battle?battle=${first.id}` }),
      ]);
      const second = await challenge(a, b);
      const accepted = await b.client.post(`/api/battles/${second.id}/accept`, { defenderPogId: b.pog });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(await ofKind(a, 'battle.accepted')).toEqual([
        expect.objectContaining({ title: 'Challenge accepted', body: `${b.username} accepted your challenge, risking Moss. Flip and battle!`, link: `/battle?battle=${second.id}` }),
      ]);
    });
  });
});
