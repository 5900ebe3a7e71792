/** Making a player an administrator, or a plain player again (the operator's `set-role` command). */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@pog/common/schemas/auth';
import type { UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../moderation/audit';
import { inUnitOfWork } from '../outbox/unit-of-work';

/**
 * Sets the role of the player of this name (any case); running gateways drop their cached copy, and
 * a change is written to the audit log as the operator's. Nothing when no one has the name.
 */
export async function setRole(db: Db, username: string, role: Role, now: Date): Promise<{ id: UserId; username: string } | undefined> {
  return inUnitOfWork(db, now, async (uow) => {
    const [current] = await uow.tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .for('no key update');
    if (!current) return undefined;
    if (current.role === role) return { id: current.id, username: current.username };
    await uow.tx.update(users).set({ role }).where(eq(users.id, current.id));
    await recordAudit(
      uow.tx,
      { actor: { kind: 'operator' }, action: 'role_changed', target: { type: 'user', id: current.id }, targetName: current.username, notes: `Role changed from ${current.role} to ${role}` },
      now,
    );
    uow.toCluster({ type: 'user', userId: current.id });
    return { id: current.id, username: current.username };
  });
}
