/**
 * The checks the server makes on an upload, made first in the browser (product spec: validation) so a
 * player learns about a wrong file before cropping it, with the same words.
 */
import { UPLOAD } from '@pog/common';
import { IMAGE_TEXT } from './messages';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The file input's `accept` attribute. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Null when the file may be cropped and uploaded, else the message to show. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TEXT.invalidType;
  if (file.size > UPLOAD.maxBytes) return IMAGE_TEXT.tooLarge;
  return null;
}
