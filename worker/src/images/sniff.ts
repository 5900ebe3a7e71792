/**
 * The image type from the bytes themselves. The file name and the declared content type come from
 * the client and prove nothing; only these four formats reach the decoder.
 */
export const IMAGE_TYPES = ['jpeg', 'png', 'gif', 'webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  // JPEG: SOI marker followed by the start of another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  // WEBP: a RIFF container whose form type is "WEBP".
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}
