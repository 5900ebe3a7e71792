/**
 * A full disk, for real: the embedded app runs in a mount namespace of its own (`unshare --mount`,
 * which needs root or CAP_SYS_ADMIN), where its uploads folder is a small tmpfs. The kernel answers
 * its writes ENOSPC; no other process sees the mount, and it goes with the process, so nothing is
 * left to clean up on the shared disks. The test reads and fills that folder through
 * /proc/<pid>/root. A full disk is answered 507 with the catalogue's server message, whether the
 * gateway (parking the upload) or the worker (storing the picture) meets it, and leaves no file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@pog/common';
import { ApiClient } from '../testing/api-client';
import { uniqueName } from '../testing/databases';
import { spawnService, type SpawnedService } from '../testing/processes';

const TMPFS_BYTES = 4 * 1024 * 1024;

/** Whether this machine lets a test mount a tmpfs in a namespace of its own. */
function privateMountsAllowed(): boolean {
  const probe = mkdtempSync(path.join(tmpdir(), 'pog-mount-probe-'));
  try {
    execFileSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const allowed = privateMountsAllowed();

/** A photo-like JPEG: noise does not compress, so its stored copies are about as large as it is. */
function noisePhoto(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe.skipIf(!allowed)(`uploads on a full disk${allowed ? '' : ' [needs unshare --mount: root or CAP_SYS_ADMIN]'}`, () => {
  let service: SpawnedService;
  let player: ApiClient;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pog-full-'));
  /** The process's uploads folder (its tmpfs), as seen from here. */
  const uploads = () => `/proc/${service.child.pid}/root${path.join(dataDir, 'uploads')}`;
  const filler = () => path.join(uploads(), 'filler');
  const storedFiles = () => readdirSync(uploads()).filter((f) => f !== 'incoming' && f !== 'filler');
  /** Leaves about `bytes` free on the tmpfs. */
  const fillUpTo = (bytes: number) => {
    rmSync(filler(), { force: true });
    const { bavail, bsize } = statfsSync(uploads());
    writeFileSync(filler(), Buffer.alloc(Math.max(0, bavail * bsize - bytes)));
  };

  beforeAll(async () => {
    mkdirSync(path.join(dataDir, 'uploads'));
    const mountUploads = `mount -t tmpfs -o size=${TMPFS_BYTES} tmpfs "${path.join(dataDir, 'uploads')}" && exec "$@"`;
    service = await spawnService({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }, undefined, ['unshare', '--mount', '--propagation', 'private', 'sh', '-c', mountUploads, 'sh']);
    await service.ready();
    player = new ApiClient(service.url);
    await player.register(uniqueName('full'));
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expectStorageError = (answer: { status: number; body: unknown }) => {
    expect(answer.status).toBe(507);
    expect(answer.body).toEqual({ code: 'SERVER_ERROR', message: ERROR_CATALOGUE.SERVER_ERROR.message, requestId: expect.any(String) });
  };

  it('answers 507 when the disk fills while the upload is parked, and keeps nothing', async () => {
    fillUpTo(256 * 1024);
    const answer = await player.upload(await noisePhoto(1200));
    expectStorageError(answer);
    expect(readdirSync(path.join(uploads(), 'incoming'))).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(service.child.exitCode).toBeNull();
    expect(service.stdout()).toContain('the uploads folder is full');
  }, 60_000);

  it('answers 507 when the disk fills while the worker stores the picture, and keeps nothing half-written', async () => {
    const photo = await noisePhoto(700);
    // Room for the parked upload, not for the picture and its copies.
    fillUpTo(photo.length + 64 * 1024);
    const answer = await player.upload(photo);
    expectStorageError(answer);
    expect(readdirSync(path.join(uploads(), 'incoming'))).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(service.child.exitCode).toBeNull();
    expect(service.stdout()).toContain('storing an uploaded picture failed: the uploads folder is full');
  }, 60_000);

  it('stores uploads again once there is room', async () => {
    rmSync(filler());
    const answer = await player.upload(await noisePhoto(700));
    expect(answer.status).toBe(201);
    expect(storedFiles()).toHaveLength(4);
  }, 60_000);
});
