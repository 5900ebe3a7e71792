/**
 * Claims on the moderation queue: an admin claims a POG or a player, the others are told live (an
 * outbox event on the admins' stream, in the claim's own transaction); a claim lapses by the clock;
 * another admin's claim refuses a claim or an action (409 naming them) unless overridden; acting or
 * releasing ends the claim; logging out ends the session's claims.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimantLabel, type ModerationClaim } from '@pog/common/moderation/claims';
import type { ModerationTarget } from '@pog/common/moderation/schemas';
import { colourPairKey, designTextKey } from '@pog/common/pogs/rarity';
import type { AdminSessionId, PogId, UserId } from '@pog/common/schemas/ids';
import { ManualClock } from '../clock';
import type { Database } from '../db/client';
import { moderationClaims, outboxEvents, pogs, users } from '../db/schema';
import { TEST_BACKENDS as backends, openWithPlayers, randomTag } from '../testing/backends';
import { insertPog as insertCountedPog } from '../testing/pogs';
import { endAdminSession, startAdminSession } from './admin-sessions';
import { claimTarget, listClaims, releaseClaim } from './claims';
import { deletePogAsAdmin, moderatePog } from './pog-moderation';
import { moderateUser } from './user-moderation';

const MINUTE = 60_000;
const CLAIM_MS = 10 * MINUTE;
const DAY = 24 * 3600_000;

describe.each(backends)('moderation claims on $name', ({ open, skip }) => {
  let database: Database;
  let players: UserId[];
  let names: string[];
  const tag = randomTag();
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    if (skip) return;
    names = ['owner', 'ann', 'bob', 'plain'].map((name) => `${name}_${tag}`);
    ({ database, players } = await openWithPlayers(open, names));
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, players[1]!));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const session = async (): Promise<{ id: AdminSessionId; tokenHash: string }> => {
    const tokenHash = randomBytes(8).toString('hex');
    const row = await startAdminSession(database.db, tokenHash, clock.now(), new Date(clock.now().getTime() + DAY));
    return { id: row.id, tokenHash };
  };

  async function insertPog(name: string): Promise<PogId> {
    const design = { backgroundColor1: '#123456', backgroundColor2: '#654321', textColor: '#FFFFFF', textContent: `${tag} ${randomTag()}`, fontFamily: 'Orbitron' };
    // As a creation does: the holder's count of POGs held goes up with it (a delete takes it down).
    const row = await insertCountedPog(database.db, {
      userId: players[0]!,
      creatorId: players[0]!,
      name,
      ...design,
      colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2),
      textKey: designTextKey(design.textContent),
      isFlagged: true,
      maxTrades: 15,
      tradesRemaining: 15,
    });
    return row.id;
  }

  const claim = (target: ModerationTarget, by: AdminSessionId, extra: { adminPlayerId?: UserId; overrideClaim?: boolean } = {}) =>
    claimTarget(database.db, { target, adminSessionId: by, claimMs: CLAIM_MS, ...extra }, clock.now());
  const claimsOn = async (target: ModerationTarget): Promise<ModerationClaim[]> =>
    (await listClaims(database.db, { adminSessionId: 1 as AdminSessionId }, clock.now())).claims.filter((c) => c.target.type === target.type && c.target.id === target.id);
  /** The `moderation:claim` events about this target on the admins' stream, oldest first. */
  async function claimEvents(target: ModerationTarget): Promise<Array<{ claim: ModerationClaim | null }>> {
    const rows = await database.db
      .select({ payload: outboxEvents.payload })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.stream, 'admins'), eq(outboxEvents.name, 'moderation:claim')))
      .orderBy(outboxEvents.id);
    return rows
      .map((row) => row.payload as { target: ModerationTarget; claim: ModerationClaim | null })
      .filter((event) => event.target.type === target.type && event.target.id === target.id);
  }
  const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as { status: number; message: string; details?: { claim?: ModerationClaim } });

  it.skipIf(skip)('claims a POG, naming the admin-role player beside the session, and tells every admin', async () => {
    const ann = await session();
    const target = { type: 'pog', id: await insertPog(`Claimed ${tag}`) } as const;
    const claimed = await claim(target, ann.id, { adminPlayerId: players[1]! });
    expect(claimed).toEqual({
      target,
      adminSessionId: ann.id,
      adminName: names[1],
      claimedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + CLAIM_MS).toISOString(),
    });
    expect(claimantLabel(claimed)).toBe(`${names[1]} (admin)`);
    expect(await claimsOn(target)).toEqual([claimed]);
    expect(await claimEvents(target)).toEqual([{ target, claim: claimed }]);

    // A player beside the session whose role is not admin is not named: the session is.
    const other = await session();
    const user = { type: 'user', id: players[3]! } as const;
    const byPassword = await claim(user, other.id, { adminPlayerId: players[3]! });
    expect(byPassword.adminName).toBeNull();
    expect(claimantLabel(byPassword)).toBe(`Admin password session #${other.id}`);
  });

  it.skipIf(skip)('refuses another admin’s claim with 409 naming the holder, and takes it over with overrideClaim', async () => {
    const [ann, bob] = [await session(), await session()];
    const target = { type: 'pog', id: await insertPog(`Contested ${tag}`) } as const;
    const held = await claim(target, ann.id, { adminPlayerId: players[1]! });
    const refused = await rejection(claim(target, bob.id));
    expect(refused).toMatchObject({ status: 409, message: `Claimed by ${names[1]} (admin). Act anyway to override their claim.` });
    expect(refused?.details?.claim).toEqual(held);
    expect(await claimsOn(target)).toEqual([held]);

    // The holder renews it (a later expiry); the other admin takes it over when they insist.
    clock.advance(MINUTE);
    const renewed = await claim(target, ann.id, { adminPlayerId: players[1]! });
    expect(renewed.expiresAt).toBe(new Date(clock.now().getTime() + CLAIM_MS).toISOString());
    const taken = await claim(target, bob.id, { overrideClaim: true });
    expect(taken).toMatchObject({ adminSessionId: bob.id, adminName: null });
    expect((await claimEvents(target)).map((event) => event.claim?.adminSessionId)).toEqual([ann.id, ann.id, bob.id]);
  });

  it.skipIf(skip)('lets a claim lapse by the clock: an expired claim is free, and claiming clears the claimant’s lapsed rows', async () => {
    const [ann, bob] = [await session(), await session()];
    const target = { type: 'pog', id: await insertPog(`Lapsing ${tag}`) } as const;
    const elsewhere = { type: 'pog', id: await insertPog(`Forgotten ${tag}`) } as const;
    await claim(target, ann.id);
    await claim(elsewhere, ann.id);
    clock.advance(CLAIM_MS - 1000);
    expect(await claimsOn(target)).toHaveLength(1);
    expect((await rejection(claim(target, bob.id)))?.status).toBe(409);
    clock.advance(1000);
    // Lapsed: no longer listed, and anyone may claim or act on it without overriding.
    expect(await claimsOn(target)).toEqual([]);
    expect(await claimsOn(elsewhere)).toEqual([]);
    expect((await claim(target, bob.id)).adminSessionId).toBe(bob.id);
    const rowOf = (pogId: PogId) =>
      database.db.select().from(moderationClaims).where(and(eq(moderationClaims.targetType, 'pog'), eq(moderationClaims.targetId, pogId)));
    // Another admin's claim leaves ann's lapsed row alone; ann's next claim clears it, and nobody is told (it had lapsed).
    expect(await rowOf(elsewhere.id)).toHaveLength(1);
    await claim({ type: 'pog', id: await insertPog(`Next ${tag}`) }, ann.id);
    expect(await rowOf(elsewhere.id)).toEqual([]);
    expect(await claimEvents(elsewhere)).toHaveLength(1);
  });

  it.skipIf(skip)('refuses an action on a POG another admin holds, acts with overrideClaim, and the action ends the claim', async () => {
    const [ann, bob] = [await session(), await session()];
    const pogId = await insertPog(`Acted ${tag}`);
    const target = { type: 'pog', id: pogId } as const;
    await claim(target, ann.id, { adminPlayerId: players[1]! });

    const refused = await rejection(moderatePog(database.db, { pogId, decision: 'rejected', notes: 'no', adminSessionId: bob.id }, clock.now()));
    expect(refused).toMatchObject({ status: 409, message: `Claimed by ${names[1]} (admin). Act anyway to override their claim.` });
    // Nothing happened: the POG is as it was and the claim stands.
    const [row] = await database.db.select().from(pogs).where(eq(pogs.id, pogId));
    expect(row).toMatchObject({ moderationStatus: 'none', isFlagged: true, lastModeratedAt: null });
    expect(await claimsOn(target)).toHaveLength(1);
    expect((await rejection(deletePogAsAdmin(database.db, { pogId, adminSessionId: bob.id }, clock.now())))?.status).toBe(409);

    await moderatePog(database.db, { pogId, decision: 'rejected', notes: 'no', adminSessionId: bob.id, overrideClaim: true }, clock.now());
    expect(await claimsOn(target)).toEqual([]);
    expect((await claimEvents(target)).map((event) => event.claim === null)).toEqual([false, true]);
  });

  it.skipIf(skip)('lets the holder act without overriding, and ends their claim; deleting ends it too', async () => {
    const ann = await session();
    const approved = { type: 'pog', id: await insertPog(`Own ${tag}`) } as const;
    await claim(approved, ann.id);
    await moderatePog(database.db, { pogId: approved.id, decision: 'approved', notes: null, adminSessionId: ann.id }, clock.now());
    expect(await claimsOn(approved)).toEqual([]);
    expect((await claimEvents(approved)).map((event) => event.claim === null)).toEqual([false, true]);

    const bob = await session();
    const deleted = { type: 'pog', id: await insertPog(`Doomed ${tag}`) } as const;
    await claim(deleted, ann.id);
    await deletePogAsAdmin(database.db, { pogId: deleted.id, adminSessionId: bob.id, overrideClaim: true }, clock.now());
    expect(await claimsOn(deleted)).toEqual([]);
    expect((await claimEvents(deleted)).at(-1)?.claim).toBeNull();
  });

  it.skipIf(skip)('guards a ban the same way, and a lapsed claim does not stand in the way', async () => {
    const [ann, bob] = [await session(), await session()];
    const target = { type: 'user', id: players[2]! } as const;
    await claim(target, ann.id);
    const ban = (extra: { overrideClaim?: boolean } = {}) =>
      moderateUser(database.db, { userId: players[2]!, isBanned: true, banReason: 'spam', adminSessionId: bob.id, ...extra }, clock.now());
    expect(await rejection(ban())).toMatchObject({ status: 409, message: `Claimed by Admin password session #${ann.id}. Act anyway to override their claim.` });
    const [player] = await database.db.select().from(users).where(eq(users.id, players[2]!));
    expect(player!.isBanned).toBe(false);
    clock.advance(CLAIM_MS);
    await ban();
    await moderateUser(database.db, { userId: players[2]!, isBanned: false, banReason: null, adminSessionId: bob.id }, clock.now());
  });

  it.skipIf(skip)('releases only one’s own claim (a repeat is harmless), and logging out releases a session’s claims', async () => {
    const [ann, bob] = [await session(), await session()];
    const first = { type: 'pog', id: await insertPog(`Released ${tag}`) } as const;
    const second = { type: 'pog', id: await insertPog(`Logged out ${tag}`) } as const;
    await claim(first, ann.id);
    await claim(second, ann.id);
    expect(await rejection(releaseClaim(database.db, { target: first, adminSessionId: bob.id }, clock.now()))).toMatchObject({ status: 409 });
    expect(await claimsOn(first)).toHaveLength(1);
    await releaseClaim(database.db, { target: first, adminSessionId: ann.id }, clock.now());
    await releaseClaim(database.db, { target: first, adminSessionId: ann.id }, clock.now());
    expect(await claimsOn(first)).toEqual([]);
    expect((await claimEvents(first)).map((event) => event.claim === null)).toEqual([false, true]);

    await endAdminSession(database.db, ann.tokenHash, clock.now());
    expect(await claimsOn(second)).toEqual([]);
    expect((await claimEvents(second)).map((event) => event.claim === null)).toEqual([false, true]);
    const rows = await database.db.select().from(moderationClaims).where(and(eq(moderationClaims.adminSessionId, ann.id), gt(moderationClaims.expiresAt, clock.now())));
    expect(rows).toEqual([]);
  });

  it.skipIf(skip)('answers 404 for a POG or player that does not exist, and 401 without an admin session', async () => {
    const ann = await session();
    expect(await rejection(claim({ type: 'pog', id: 2_000_000_000 as PogId }, ann.id))).toMatchObject({ status: 404 });
    expect(await rejection(claim({ type: 'user', id: 2_000_000_000 as UserId }, ann.id))).toMatchObject({ status: 404, message: 'That player no longer exists.' });
    const anonymous = claimTarget(database.db, { target: { type: 'user', id: players[0]! }, claimMs: CLAIM_MS } as never, clock.now());
    expect(await rejection(anonymous)).toMatchObject({ status: 401 });
    expect(await rejection(listClaims(database.db, {}, clock.now()))).toMatchObject({ status: 401 });
  });
});
