/**
 * PogBot over the real API, sockets and queue: offline answers from the guide, and answers streamed
 * from a local stand-in for the Anthropic Messages API (the one fake these tests allow).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTLE_BONUS, CHAT, LIMITS, OFFLINE_NOTICE, type ChatDelta, type ChatMessage, type ChatReplyEvent, type UserStats } from '@pog/common';
import { giveAchievements } from '../testing/achievements';
import { ApiClient } from '../testing/api-client';
import { createPlayer, givePog, type TestPlayer } from '../testing/factories';
import { setupTitle, TEST_SETUPS } from '../testing/databases';
import { FAKE_DEFAULT_CHUNKS, startFakeAnthropic, type FakeAnswer, type FakeAnthropic } from '../testing/fake-anthropic';
import { connectSocket, recordEvents, type TestSocket } from '../testing/sockets';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait';

type Player = TestPlayer;

const CHAT_PATH = `/api/chat/${CHAT.conversationId}`;
const HISTORY_PATH = `${CHAT_PATH}/history`;
const MODEL = 'claude-test-model';

describe.each(TEST_SETUPS)('PogBot API', (setup) => {
  describe.skipIf(Boolean(setup.skipReason))(setupTitle(setup), () => {
    /** No ANTHROPIC_API_KEY: PogBot answers from the guide. */
    let offlineApp: TestApp;
    /** ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL point at the fake. */
    let onlineApp: TestApp;
    let fake: FakeAnthropic;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      fake = await startFakeAnthropic();
      [offlineApp, onlineApp] = await Promise.all([
        startTestApp({ backend: setup.backend, env: setup.env }),
        startTestApp({
          backend: setup.backend,
          env: { ...setup.env, ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: MODEL },
        }),
      ]);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await Promise.all([offlineApp?.close(), onlineApp?.close()]);
      await fake?.close();
    });

    async function listen(app: TestApp, player: Player) {
      const socket = await connectSocket(app.url, player.client);
      sockets.push(socket);
      return { deltas: recordEvents(socket, 'chat:delta'), replies: recordEvents(socket, 'chat:reply') };
    }
    const ask = (player: Player, message: unknown, extra: Record<string, unknown> = {}) => player.client.post(CHAT_PATH, { message, ...extra });
    const history = async (player: Player) => (await player.client.get(HISTORY_PATH)).body as ChatMessage[];
    /** The requests the fake got for this player (their username is in the system prompt). */
    const requestsOf = (player: Player) => fake.requests.filter((r) => r.body.system?.includes(`Username: ${player.username}\n`));

    describe('offline (no API key)', () => {
      it('answers from the game guide, says it is offline, and stores the question and the answer', async () => {
        const player = await createPlayer(offlineApp, 'c');
        const { deltas, replies } = await listen(offlineApp, player);
        const res = await ask(player, '  How do battles work?  ');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const reply = res.body as ChatMessage;
        expect(reply).toMatchObject({ id: expect.any(Number), role: 'assistant', offline: true, createdAt: expect.any(String) });
        expect(reply.content.startsWith(OFFLINE_NOTICE)).toBe(true);
        expect(reply.content).toContain('Battles: How battles work');

        await waitFor(() => replies.length === 1, 5_000, 'chat:reply');
        expect(deltas.map((d) => d.text).join('')).toBe(reply.content);
        const stored = await history(player);
        expect(stored).toEqual([
          { id: expect.any(Number), role: 'user', content: 'How do battles work?', createdAt: expect.any(String), offline: false },
          reply,
        ]);
        expect(replies[0]).toEqual({ conversationId: CHAT.conversationId, requestId: expect.any(String), messages: stored });
      });

      it("quotes the asking player's own limits, raised by their achievements, not the base ones", async () => {
        const player = await createPlayer(offlineApp, 'c');
        await giveAchievements(offlineApp.runtime.db, player.id, ['rare-find']);
        const stats = (await player.client.get(`/api/users/${player.id}/stats`)).body as UserStats;
        expect(stats.collectionLimit).toBeGreaterThan(LIMITS.collectionLimit);
        const res = await ask(player, 'How many POGs can I hold?');
        expect(res.status).toBe(200);
        expect(res.body.content).toContain(`You can hold ${stats.collectionLimit} POGs at a time`);
        expect(res.body.content).toContain(`up to ${stats.dailyCreationLimit} POGs per day`);
        expect(res.body.content).not.toContain(`You can hold ${LIMITS.collectionLimit} POGs`);
      });

      it('still answers a question the guide does not cover, saying what it can help with', async () => {
        const player = await createPlayer(offlineApp, 'c');
        const res = await ask(player, 'What is the capital of France?');
        expect(res.status).toBe(200);
        expect(res.body.content).toContain('I could not find that in the game guide');
      });
    });

    describe('with the Anthropic API', () => {
      it('streams the answer as several chat:delta events, then stores it', async () => {
        const player = await createPlayer(onlineApp, 'c');
        const { deltas, replies } = await listen(onlineApp, player);
        const res = await ask(player, 'Who wins a battle?', { requestId: 'stream-test-1' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toMatchObject({ role: 'assistant', content: FAKE_DEFAULT_CHUNKS.join(''), offline: false });

        await waitFor(() => replies.length === 1, 5_000, 'chat:reply');
        expect(deltas).toEqual(
          FAKE_DEFAULT_CHUNKS.map((text, index): ChatDelta => ({ conversationId: CHAT.conversationId, requestId: 'stream-test-1', index, text })),
        );
        const stored = await history(player);
        expect(stored.map((m) => [m.role, m.content])).toEqual([
          ['user', 'Who wins a battle?'],
          ['assistant', FAKE_DEFAULT_CHUNKS.join('')],
        ]);
        expect((replies[0] as ChatReplyEvent).messages).toEqual(stored);
      });

      it("grounds the answer in the guide and in the player's own stats and POGs", async () => {
        const player = await createPlayer(onlineApp, 'c');
        const db = onlineApp.runtime.db;
        await givePog(db, player.id, { name: 'Comet Crusher', rarity: 'epic', points: 777 });
        await givePog(db, player.id, { name: 'Tiny Tide', rarity: 'common', points: 120 });
        const other = await createPlayer(onlineApp, 'c');
        await givePog(db, other.id, { name: 'Secret Other Pog' });

        expect((await ask(player, 'Which of my POGs should I battle with?')).status).toBe(200);
        const [request] = requestsOf(player);
        expect(request).toBeDefined();
        expect(request!.headers['x-api-key'] ?? request!.headers.authorization).toContain(fake.apiKey);
        expect(request!.body).toMatchObject({ model: MODEL, max_tokens: CHAT.replyMaxTokens, stream: true });
        expect(request!.body.messages).toEqual([{ role: 'user', content: 'Which of my POGs should I battle with?' }]);
        const system = request!.body.system!;
        expect(system).toContain(`You can hold ${LIMITS.collectionLimit} POGs at a time`);
        expect(system).toContain(`legendary +${BATTLE_BONUS.legendary}`);
        expect(system).toContain('POGs held: 2 (collection limit');
        expect(system).toContain(`- "Comet Crusher": epic, 777 PTS, battle bonus +${BATTLE_BONUS.epic}`);
        expect(system).toContain('- "Tiny Tide": common, 120 PTS');
        expect(system).not.toContain('Secret Other Pog');
        expect(system).not.toContain(other.username);
      });

      it('sends the earlier conversation with the next question', async () => {
        const player = await createPlayer(onlineApp, 'c');
        fake.answerNext({ kind: 'text', chunks: ['First ', 'answer.'] });
        expect((await ask(player, 'First question?')).status).toBe(200);
        expect((await ask(player, 'Second question?')).status).toBe(200);
        expect(requestsOf(player).at(-1)!.body.messages).toEqual([
          { role: 'user', content: 'First question?' },
          { role: 'assistant', content: 'First answer.' },
          { role: 'user', content: 'Second question?' },
        ]);
      });

      it('answers a repeated send once: same stored answer, one call to the service', async () => {
        const player = await createPlayer(onlineApp, 'c');
        const first = await ask(player, 'Tell me about trading', { requestId: 'repeat-test-1' });
        const again = await ask(player, 'Tell me about trading', { requestId: 'repeat-test-1' });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(requestsOf(player)).toHaveLength(1);
        expect(await history(player)).toHaveLength(2);
      });

      it('refuses a second message while PogBot is still answering the first', async () => {
        const player = await createPlayer(onlineApp, 'c');
        fake.answerNext({ kind: 'text', chunks: ['Slow ', 'and ', 'steady.'], delayMs: 300 });
        const slow = ask(player, 'A slow one');
        await waitFor(() => requestsOf(player).length === 1, 5_000, 'the first question to reach the service');
        const second = await ask(player, 'Another one');
        expect(second.status).toBe(409);
        expect(second.body).toMatchObject({ code: 'CONFLICT', message: 'PogBot is still answering your previous message. Please wait for the answer, then send the next one.' });
        expect((await slow).status).toBe(200);
        expect((await ask(player, 'Another one')).status).toBe(200);
      });

      const BUSY = 'PogBot is very busy right now. Please try again in a minute.';
      const failures: Array<{ name: string; answer: FakeAnswer; status: number; message: string }> = [
        { name: 'overloaded (529)', answer: { kind: 'http-error', status: 529, type: 'overloaded_error', message: 'Overloaded' }, status: 503, message: BUSY },
        { name: 'internal error (500)', answer: { kind: 'http-error', status: 500, type: 'api_error', message: 'Internal server error' }, status: 502, message: 'PogBot could not answer this time. Please try again.' },
        { name: 'wrong model (404)', answer: { kind: 'http-error', status: 404, type: 'not_found_error', message: 'model: claude-test-model' }, status: 502, message: 'PogBot is not set up correctly on this server. Please tell an administrator.' },
        { name: 'overloaded mid-answer', answer: { kind: 'stream-error', chunks: ['Half an ', 'answer'], type: 'overloaded_error', message: 'Overloaded' }, status: 503, message: BUSY },
      ];
      it.each(failures)('fails clearly and stores nothing when the service fails: $name', async ({ answer, status, message }) => {
        const player = await createPlayer(onlineApp, 'c');
        const { replies } = await listen(onlineApp, player);
        fake.answerNext(answer);
        const res = await ask(player, 'Will this work?');
        expect(res.status).toBe(status);
        expect(res.body).toEqual({ code: 'SERVER_ERROR', message, requestId: res.headers.get('x-request-id') });
        expect(requestsOf(player)).toHaveLength(1);
        expect(await history(player)).toEqual([]);
        expect(replies).toEqual([]);
        // The next question goes through as usual.
        expect((await ask(player, 'And now?')).status).toBe(200);
        expect(await history(player)).toHaveLength(2);
      });
    });

    describe('rules of the endpoints', () => {
      it("shows each player only their own conversation, oldest first", async () => {
        const [a, b] = [await createPlayer(offlineApp, 'c'), await createPlayer(offlineApp, 'c')];
        for (const question of ['How do I trade?', 'What are points?']) expect((await ask(a, question)).status).toBe(200);
        const mine = await history(a);
        expect(mine.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
        expect(mine.map((m) => m.id)).toEqual([...mine.map((m) => m.id)].sort((x, y) => x - y));
        expect(mine[2]!.content).toBe('What are points?');
        expect(await history(b)).toEqual([]);
      });

      it('knows only conversation 1', async () => {
        const player = await createPlayer(offlineApp, 'c');
        for (const res of [await player.client.get('/api/chat/2/history'), await player.client.post('/api/chat/2', { message: 'hi' })]) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'There is no conversation 2. Your conversation with PogBot is number 1.' });
        }
        const bad = await player.client.get('/api/chat/abc/history');
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The conversation id must be a number' });
        expect((await player.client.post('/api/chat/-1', { message: 'hi' })).body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The conversation id must be positive' });
        expect(await history(player)).toEqual([]);
      });

      it('refuses empty, oversized and non-text messages with a clear message, storing nothing', async () => {
        const player = await createPlayer(offlineApp, 'c');
        const cases: Array<[unknown, string]> = [
          [{ message: '' }, 'Type a message for PogBot first.'],
          [{ message: '   \n\t ' }, 'Type a message for PogBot first.'],
          [{ message: 'x'.repeat(CHAT.messageMaxLength + 1) }, `Your message is too long (at most ${CHAT.messageMaxLength} characters).`],
          [{ message: 42 }, 'message must be text'],
          [{ message: ['hi'] }, 'message must be text'],
          [{}, 'message must be text'],
          [{ message: 'hi', requestId: '<script>' }, 'requestId must be 8 to 64 letters, digits, "-" or "_"'],
          // Caught at the edge for every endpoint (PostgreSQL text cannot hold it).
          [{ message: 'hi\u0000there' }, 'message contains a NUL character, which is not allowed in text.'],
          [{ message: 'hi\u0001there' }, 'Your message contains control characters. Please type plain text.'],
        ];
        for (const [body, message] of cases) {
          const res = await player.client.post(CHAT_PATH, body);
          expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
          expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
        }
        expect((await player.client.post(CHAT_PATH, 'not json', { 'content-type': 'application/json' })).body).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect((await ask(player, 'x'.repeat(CHAT.messageMaxLength))).status).toBe(200);
        const stored = await history(player);
        expect(stored).toHaveLength(2);
        expect(stored[0]!.content).toHaveLength(CHAT.messageMaxLength);
      });

      it('needs a signed-in player', async () => {
        const visitor = new ApiClient(offlineApp.url);
        for (const res of [await visitor.get(HISTORY_PATH), await visitor.post(CHAT_PATH, { message: 'hi' })]) {
          expect(res.status).toBe(401);
          expect(res.body.code).toBe('UNAUTHORIZED');
        }
      });

      it(`answers at most ${CHAT.messagesPerMinute} messages a minute, then 429 with Retry-After`, async () => {
        const player = await createPlayer(offlineApp, 'c');
        for (let i = 0; i < CHAT.messagesPerMinute; i += 1) expect((await ask(player, `Question ${i} about POGs`)).status).toBe(200);
        const limited = await ask(player, 'One too many');
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe('RATE_LIMITED');
        expect(limited.body.message).toMatch(/^You're sending messages faster than PogBot can answer \(at most 10 a minute\)\. Please wait \d+ seconds? and try again\.$/);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await history(player)).toHaveLength(CHAT.messagesPerMinute * 2);
        // Another player is not affected.
        expect((await ask(await createPlayer(offlineApp, 'c'), 'Hello?')).status).toBe(200);
      });
    });
  });
});
