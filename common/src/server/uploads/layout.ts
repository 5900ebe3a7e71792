/**
 * Where uploads live on disk, shared by the gateway (which parks the raw bytes) and the worker
 * (which checks, re-encodes and stores them): `<uploads>/incoming/<name>` until processed, then
 * `<uploads>/<id>.<ext>`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, stat } from 'node:fs/promises';
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

export async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
