/**
 * The stored hash of the shared admin password (the `settings` row `admin_password_hash`). The
 * gateway decides what to store (gateway/src/auth/admin-password.ts); only the hash is kept.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

export const ADMIN_PASSWORD_SETTING = 'admin_password_hash';

export async function readAdminPasswordHash(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, ADMIN_PASSWORD_SETTING)).limit(1);
  return row?.value;
}

/** Stores this hash over any other (the operator set the password). */
export async function replaceAdminPasswordHash(db: Db, hash: string, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key: ADMIN_PASSWORD_SETTING, value: hash })
    .onConflictDoUpdate({ target: settings.key, set: { value: hash, updatedAt: now } });
}

/** Stores this hash unless one is stored already; says whether it was stored. */
export async function storeFirstAdminPasswordHash(db: Db, hash: string): Promise<boolean> {
  const inserted = await db.insert(settings).values({ key: ADMIN_PASSWORD_SETTING, value: hash }).onConflictDoNothing().returning();
  return inserted.length > 0;
}
