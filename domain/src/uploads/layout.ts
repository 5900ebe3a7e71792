/**
 * Where uploads live on disk, shared by the gateway (which parks the raw bytes) and the worker
 * (which checks, re-encodes and stores them): `<uploads>/incoming/<name>` until processed, then
 * `<uploads>/<id>.<ext>`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const INCOMING_DIR = 'incoming';
/** Names the gateway gives parked uploads; nothing else is ever read from `incoming/`. */
export const INCOMING_NAME = /^[A-Za-z0-9_-]{16,64}$/;

/** Hex, so a name never starts with '-' or '_' (which image URL checks rightly refuse). */
export function newIncomingName(): string {
  return randomBytes(16).toString('hex');
}

export async function ensureUploadDirs(uploadDir: string): Promise<void> {
  await mkdir(path.join(uploadDir, INCOMING_DIR), { recursive: true });
}

/**
 * How long a file under `incoming/`, or a `.part` of an atomic write, may go untouched before it is
 * taken for the leftover of a process that died writing it. Longer than any upload may take
 * (UPLOAD_DEADLINE_SECONDS is at most 30 minutes) plus its processing.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** A file the image processor was writing atomically (`<name>.<8 hex>.part`, then renamed). */
const PARTIAL_WRITE = /\.[0-9a-f]{8}\.part$/;

/**
 * Removes leftovers of interrupted writes: parked uploads under `incoming/` and partial files, not
 * touched for LEFTOVER_AGE_MS (younger ones may belong to an upload in progress on another gateway
 * sharing the folder). Run at every start and by the worker's uploads sweep. Returns how many.
 */
export async function removeUploadLeftovers(uploadDir: string, now = Date.now()): Promise<number> {
  const incoming = path.join(uploadDir, INCOMING_DIR);
  const candidates = [
    ...(await filesIn(incoming)).map((name) => path.join(incoming, name)),
    ...(await filesIn(uploadDir)).filter((name) => PARTIAL_WRITE.test(name)).map((name) => path.join(uploadDir, name)),
  ];
  let removed = 0;
  for (const file of candidates) {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || now - info.mtimeMs < LEFTOVER_AGE_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

export async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
