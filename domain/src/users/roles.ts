/** Making a player an administrator, or a plain player again (the operator's `set-role` command). */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@pog/common/schemas/auth';
import type { UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { inUnitOfWork } from '../outbox/unit-of-work';

/** Sets the role of the player of this name (any case); running gateways drop their cached copy. Nothing when no one has the name. */
export async function setRole(db: Db, username: string, role: Role, now: Date): Promise<{ id: UserId; username: string } | undefined> {
  return inUnitOfWork(db, now, async (uow) => {
    const [row] = await uow.tx
      .update(users)
      .set({ role })
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .returning({ id: users.id, username: users.username });
    if (row) uow.toCluster({ type: 'user', userId: row.id });
    return row;
  });
}
