import { stat } from 'node:fs/promises';

/** The size of a regular file, or null when there is none. */
export async function fileSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
