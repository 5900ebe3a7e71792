/**
 * Where a POG's picture lives. Uploads are served from `/uploads/`, built-in art from `/img/`.
 * `normalizeImageUrl` is lenient (for displaying whatever is stored, the product spec (entities) "Image paths");
 * `isAllowedStoredImageUrl` is strict (what the server accepts into the database).
 */
export const PLACEHOLDER_IMAGE = '/img/placeholder.svg';
export const UPLOADS_PREFIX = '/uploads/';
export const BUILT_IN_IMAGES_PREFIX = '/img/';

/** One path segment: starts with a letter or digit, then letters, digits, ".", "_" or "-". */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const DATA_IMAGE_URL = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,/i;
const ABSOLUTE_URL = /^https?:\/\//i;

function isSafeSegment(segment: string): boolean {
  // ".." is refused anywhere, so "a..b" cannot be mistaken for a step up by a lax server.
  return SAFE_SEGMENT.test(segment) && !segment.includes('..');
}

function isSafeRelativePath(path: string): boolean {
  return path.length > 0 && path.split('/').every(isSafeSegment);
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (!ABSOLUTE_URL.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The URL to show for a stored image path. Absolute http(s) URLs, `data:image/...` URLs and
 * `/img/...` paths pass through; relative upload paths ("abc.jpg", "uploads/abc.jpg",
 * "./public/uploads/abc.jpg") become "/uploads/abc.jpg"; anything empty or malformed (a traversal,
 * a `javascript:` URL, stray characters) becomes the placeholder.
 */
export function normalizeImageUrl(raw: string | null | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return PLACEHOLDER_IMAGE;
  if (DATA_IMAGE_URL.test(value)) return value;
  if (ABSOLUTE_URL.test(value)) return isAbsoluteHttpUrl(value) ? value : PLACEHOLDER_IMAGE;

  const builtIn = value.startsWith(BUILT_IN_IMAGES_PREFIX) ? value.slice(BUILT_IN_IMAGES_PREFIX.length) : null;
  if (builtIn !== null) return isSafeRelativePath(builtIn) ? value : PLACEHOLDER_IMAGE;

  // Older records hold paths relative to the server's public folder, sometimes with Windows slashes.
  const relative = value
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/^public\//, '')
    .replace(/^uploads\//, '');
  return isSafeRelativePath(relative) ? UPLOADS_PREFIX + relative : PLACEHOLDER_IMAGE;
}

/**
 * What the server stores as a POG's imageUrl: '' (no image), one of our uploads
 * ("/uploads/<file name>", no sub-folders) or a built-in "/img/<file name>". Outside URLs and data
 * URLs are refused so that every stored picture went through our image pipeline.
 */
export function isAllowedStoredImageUrl(url: string): boolean {
  if (url === '') return true;
  for (const prefix of [UPLOADS_PREFIX, BUILT_IN_IMAGES_PREFIX]) {
    if (url.startsWith(prefix)) return isSafeSegment(url.slice(prefix.length));
  }
  return false;
}
