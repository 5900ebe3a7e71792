/**
 * The shared admin password: ADMIN_PASSWORD when set; otherwise one generated at first start,
 * stored only as an argon2id hash and printed once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { silentLogger, type Logger } from '@pog/domain/logging';
import { tables, type Db } from '@pog/domain/db';
import { type Config } from '@pog/domain/config';
import { hashPassword } from './passwords';

export const ADMIN_PASSWORD_SETTING = 'admin_password_hash';

/** Returns the hash to check admin logins against. */
export async function ensureAdminPasswordHash(db: Db, config: Config, log: Logger = silentLogger): Promise<string> {
  if (config.adminPassword) {
    const hash = await hashPassword(config.adminPassword);
    await db
      .insert(tables.settings)
      .values({ key: ADMIN_PASSWORD_SETTING, value: hash })
      .onConflictDoUpdate({ target: tables.settings.key, set: { value: hash, updatedAt: new Date() } });
    return hash;
  }
  const existing = await db.select().from(tables.settings).where(eq(tables.settings.key, ADMIN_PASSWORD_SETTING)).limit(1);
  if (existing[0]) return existing[0].value;

  const password = randomBytes(18).toString('base64url');
  const hash = await hashPassword(password);
  const inserted = await db.insert(tables.settings).values({ key: ADMIN_PASSWORD_SETTING, value: hash }).onConflictDoNothing().returning();
  if (inserted[0]) {
    // The one line that holds a secret, on purpose (the operator has no other way to learn it).
    log.warn({ component: 'admin' }, `Generated the admin password (shown only this once): ${password}`);
    return hash;
  }
  // Another process generated it at the same moment; use theirs.
  const winner = await db.select().from(tables.settings).where(eq(tables.settings.key, ADMIN_PASSWORD_SETTING)).limit(1);
  return winner[0]!.value;
}
