/** A client looping on search (search-limits.ts), as the route tests of both searches drive it. */
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from './api-client';

/**
 * Searches back to back (`path(i)` the i-th) until one is refused, 100 at most in case each answer
 * is slow, and checks the loop was let through a few times, then refused with a Retry-After and no
 * other answer.
 */
export async function loopUntilRefused(client: ApiClient, path: (i: number) => string): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  for (let i = 0; i < 100 && answers.at(-1)?.status !== 429; i++) answers.push(await client.get(path(i)));
  const refused = answers.filter((res) => res.status === 429);
  expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(4);
  expect(refused.length).toBeGreaterThan(0);
  expect(Number(refused[0]!.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
  return answers;
}
