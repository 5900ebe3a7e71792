/**
 * Test data for the browser tests, made inside the app process they drive: that app's embedded
 * database is open in that process alone, so the test asks over the IPC channel it started the app
 * with (Node's `process.send`), never over HTTP. What a factory writes is setup, as the server tests'
 * factories write it (gateway/src/testing/factories.ts): a second POG for a player without waiting
 * out the real creation cooldown, for a test about something else. Only ./e2e-entry serves this.
 */
import { z } from 'zod';
import { insertCrowd } from '../../../gateway/src/testing/admin-crowd';
import { givePog } from '../../../gateway/src/testing/battles';
import type { Runtime } from '../runtime';

const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

/** The POG a factory hands a player: its design, and optionally its score. */
const givenPog = z
  .object({
    name: z.string().min(1).max(50),
    textContent: z.string().max(20),
    fontFamily: z.string().max(50),
    textColor: hex,
    backgroundColor1: hex,
    backgroundColor2: hex,
    rarity: z.enum(['common', 'uncommon', 'rare', 'epic', 'legendary']),
    points: z.number().int().nonnegative(),
  })
  .partial()
  .strict();

export const factoryRequestSchema = z.discriminatedUnion('factory', [
  z.object({ id: z.number().int(), factory: z.literal('givePog'), userId: z.number().int().positive(), pog: givenPog.default({}) }),
  /** Players each holding one POG, the oldest ones flagged (gateway/src/testing/admin-crowd.ts), in three statements. */
  z.object({
    id: z.number().int(),
    factory: z.literal('crowd'),
    prefix: z.string().regex(/^[a-z]{1,20}$/),
    players: z.number().int().positive().max(5000),
    flagged: z.number().int().nonnegative(),
  }),
]);

export type FactoryRequest = z.input<typeof factoryRequestSchema>;
/** The answer to request `id`: the factory's result (givePog: the new POG's id; crowd: how many players), or why it failed. */
export type FactoryReply = { id: number; ok: true; value: number } | { id: number; ok: false; error: string };

async function run(runtime: Runtime, request: z.output<typeof factoryRequestSchema>): Promise<number> {
  switch (request.factory) {
    case 'givePog':
      return givePog(runtime.db, request.userId, request.pog);
    case 'crowd':
      return (await insertCrowd(runtime.db, { prefix: request.prefix, players: request.players, flagged: Math.min(request.flagged, request.players) }, new Date())).usernames.length;
  }
}

/** Answers factory requests arriving on this process's IPC channel (none when it has none). */
export function serveFactories(runtime: Runtime): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (message: unknown) => {
    const id = typeof message === 'object' && message !== null && 'id' in message && typeof message.id === 'number' ? message.id : -1;
    const reply = (answer: FactoryReply) => send(answer);
    const parsed = factoryRequestSchema.safeParse(message);
    if (!parsed.success) {
      reply({ id, ok: false, error: `Not a factory request: ${parsed.error.message}` });
      return;
    }
    run(runtime, parsed.data).then(
      (value) => reply({ id, ok: true, value }),
      (error: unknown) => reply({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
