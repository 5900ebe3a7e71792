/**
 * The shared admin password: ADMIN_PASSWORD when set; otherwise one generated at first start,
 * stored only as an argon2id hash and printed once.
 */
import { randomBytes } from 'node:crypto';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { type Db } from '@pog/domain/db';
import { ADMIN_PASSWORD_SETTING, readAdminPasswordHash, replaceAdminPasswordHash, storeFirstAdminPasswordHash } from '@pog/domain/moderation';
import { type Config } from '@pog/domain/config';
import { hashPassword } from './passwords';

export { ADMIN_PASSWORD_SETTING };

/** Returns the hash to check admin logins against. */
export async function ensureAdminPasswordHash(db: Db, config: Config, log: Logger = silentLogger): Promise<string> {
  if (config.adminPassword) {
    const hash = await hashPassword(config.adminPassword);
    await replaceAdminPasswordHash(db, hash, new Date());
    return hash;
  }
  const existing = await readAdminPasswordHash(db);
  if (existing !== undefined) return existing;

  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  if (await storeFirstAdminPasswordHash(db, hash)) {
    // The one line that holds a secret, on purpose (the operator has no other way to learn it).
    log.warn({ component: 'admin' }, `Generated the admin password (shown only this once): ${password}`);
    return hash;
  }
  // Another process generated it at the same moment; use theirs.
  return (await readAdminPasswordHash(db))!;
}
