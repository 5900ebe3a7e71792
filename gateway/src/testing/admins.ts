/** Test helpers for the admin area. */
import { ApiClient } from './api-client';

/** The ADMIN_PASSWORD that startTestApp configures. */
export const TEST_ADMIN_PASSWORD = 'test-admin-password';

/** A browser signed in to the admin area only (no player session). */
export async function newAdmin(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.post('/api/admin/auth', { password: TEST_ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}
