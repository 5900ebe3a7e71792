/** Test helpers for players and their POGs. */
import { ApiClient } from './api-client';
import { uniqueName } from './databases';
import { waitFor } from './wait';
import type { UserId } from '@pog/common/schemas/ids';

export async function newPlayer(baseUrl: string, prefix = 'p'): Promise<{ client: ApiClient; id: UserId; username: string }> {
  const client = new ApiClient(baseUrl);
  const user = await client.register(uniqueName(prefix));
  return { client, ...user };
}

export function pogDesign(userId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId,
    name: 'Test Pog',
    textContent: 'hello',
    fontFamily: 'Bangers',
    textColor: '#FFFFFF',
    backgroundColor1: '#6366F1',
    backgroundColor2: '#EC4899',
    imageUrl: '',
    imageStyle: 'cover',
    ...overrides,
  };
}

/** Waits until the worker has scored the POG's current design. */
export function waitForScore(client: ApiClient, pogId: number) {
  return waitFor(
    async () => {
      const res = await client.get(`/api/pogs/${pogId}`);
      return res.status === 200 && !res.body.pointsPending ? res.body : undefined;
    },
    10_000,
    `POG ${pogId} to be scored`,
  );
}
