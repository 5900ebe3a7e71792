/**
 * The backup and restore scripts for real: a database with data made by the app's own code is
 * backed up with its uploads, restored into a fresh database and an empty folder, and found there.
 * Uses databases of its own next to TEST_DATABASE_URL's (named after it, so CI drops leftovers).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPog, findPog } from '@pog/domain/pogs';
import { findUserByUsername } from '@pog/domain/users';
import { migrate, openDatabase, tables, type Database } from '@pog/domain/db';
import { asPogId, type CreatePogRequest } from '@pog/common';

const here = path.dirname(fileURLToPath(import.meta.url));
const baseUrl = process.env.TEST_DATABASE_URL;

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('sh', [path.join(here, script), ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!baseUrl)(`infra/ops backup.sh and restore.sh${baseUrl ? '' : ' [needs TEST_DATABASE_URL]'}`, () => {
  const prefix = `${new URL(baseUrl ?? 'postgres://x/none').pathname.slice(1)}_own_backup_${process.pid}`;
  const source = `${prefix}_source`;
  const fresh = `${prefix}_restored`;
  // Made by beforeAll: a skipped suite (no database) leaves no folder behind.
  const work = path.join(tmpdir(), `pog-backup-${randomBytes(6).toString('hex')}`);
  const sourceUploads = path.join(work, 'uploads');
  const restoredUploads = path.join(work, 'restored-uploads');
  const backups = path.join(work, 'backups');
  const username = `backup_${process.pid}_${Date.now()}`;
  const image = randomBytes(50_000);
  const opened: Database[] = [];
  let pogId = asPogId(0);

  beforeAll(async () => {
    if (!/^[a-z0-9_]{1,50}$/.test(prefix)) throw new Error(`Cannot make database names from ${baseUrl}`);
    mkdirSync(work);
    await admin(`CREATE DATABASE ${source}`);
    await admin(`CREATE DATABASE ${fresh}`);
    const database = await openDatabase({ url: urlOf(source), poolSize: 2 });
    opened.push(database);
    await migrate(database);
    const [user] = await database.db.insert(tables.users).values({ username, displayName: username, passwordHash: 'not-a-real-hash' }).returning();
    const design = { userId: user!.id, name: 'Backed Up Disc', textContent: 'SAFE', fontFamily: 'Bangers', textColor: '#FFFFFF', backgroundColor1: '#112233', backgroundColor2: '#445566', imageUrl: '', imageStyle: 'cover' };
    pogId = (await createPog(database.db, user!.id, design as CreatePogRequest, new Date())).pog.id;
    mkdirSync(path.join(sourceUploads, 'processed'), { recursive: true });
    writeFileSync(path.join(sourceUploads, 'processed', 'disc.webp'), image);
  });

  afterAll(async () => {
    await Promise.allSettled(opened.map((d) => d.close()));
    for (const name of [source, fresh]) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(work, { recursive: true, force: true });
  });

  let backupDir = '';

  it('backs up the database and the uploads into a new, checksummed folder', async () => {
    const result = await run('backup.sh', [backups], { DATABASE_URL: urlOf(source), UPLOADS_DIR: sourceUploads });
    expect(result.code, result.stderr).toBe(0);
    backupDir = result.stdout.trim().split('\n').at(-1)!;
    expect(path.dirname(backupDir)).toBe(backups);
    expect(readdirSync(backups)).toEqual([path.basename(backupDir)]); // no partial folder left behind
    expect(readdirSync(backupDir).sort()).toEqual(['SHA256SUMS', 'database.dump', 'uploads.tar.gz']);
  }, 60_000);

  it('restores into a fresh database and an empty folder, where the data is found', async () => {
    const result = await run('restore.sh', [backupDir], { DATABASE_URL: urlOf(fresh), UPLOADS_DIR: restoredUploads });
    expect(result.code, result.stderr).toBe(0);

    const restored = await openDatabase({ url: urlOf(fresh), poolSize: 2 });
    opened.push(restored);
    // The migration history came along: the app starts on it without migrating again.
    expect(await migrate(restored)).toEqual([]);
    const user = await findUserByUsername(restored.db, username);
    expect(user?.displayName).toBe(username);
    const pog = await findPog(restored.db, pogId);
    expect(pog?.pog).toMatchObject({ name: 'Backed Up Disc', textContent: 'SAFE', userId: user!.id, creatorId: user!.id });
    // Identity sequences came along too: new rows do not collide with restored ones.
    const [next] = await restored.db.insert(tables.users).values({ username: `${username}_after`, displayName: 'after', passwordHash: 'x' }).returning();
    expect(next!.id).toBeGreaterThan(user!.id);
    expect(readFileSync(path.join(restoredUploads, 'processed', 'disc.webp')).equals(image)).toBe(true);
  }, 60_000);

  it('refuses to restore over a database that holds data', async () => {
    const result = await run('restore.sh', [backupDir], { DATABASE_URL: urlOf(fresh), UPLOADS_DIR: path.join(work, 'other-uploads') });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('restore into a fresh one');
  }, 60_000);

  it('refuses a damaged backup', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const archive = readFileSync(path.join(damaged, 'uploads.tar.gz'));
    archive[archive.length - 10]! ^= 0xff;
    writeFileSync(path.join(damaged, 'uploads.tar.gz'), archive);
    const result = await run('restore.sh', [damaged], { DATABASE_URL: urlOf(fresh), UPLOADS_DIR: path.join(work, 'other-uploads') });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('does not match its SHA256SUMS');
  }, 60_000);
});
