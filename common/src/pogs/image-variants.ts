/**
 * Sized copies of an uploaded picture: beside the stored original (at most
 * UPLOAD.maxSide = 1024 px, `<name>.jpg` or `<name>.webp`) the worker writes `<name>-128.webp`,
 * `<name>-256.webp` and `<name>-512.webp`, so a card can ask for the size it shows. The gateway
 * answers a variant that was never made (an upload older than the variants) with the original.
 */
import { UPLOADS_PREFIX } from './image-url';

/** Widths of the variants, smallest first. */
export const IMAGE_VARIANT_WIDTHS = [128, 256, 512] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
/** The original's width when it is a full-size upload (UPLOAD.maxSide). */
const ORIGINAL_WIDTH = 1024;

/** A stored original's name: what the worker writes, never a variant itself. */
const ORIGINAL_NAME = /^([A-Za-z0-9_-]{16,64})\.(jpg|webp)$/;
/** A variant's name: the original's base, the width, always WebP. */
const VARIANT_NAME = /^([A-Za-z0-9_-]{16,64})-(128|256|512)\.webp$/;

export function imageVariantName(originalName: string, width: ImageVariantWidth): string | null {
  const match = ORIGINAL_NAME.exec(originalName);
  if (!match || VARIANT_NAME.test(originalName)) return null;
  return `${match[1]}-${width}.webp`;
}

/** The base name of a variant's original (`abc-256.webp` -> `abc`), or null for any other name. */
export function variantBaseName(name: string): string | null {
  return VARIANT_NAME.exec(name)?.[1] ?? null;
}

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * What an <img> showing `url` at `displayPx` CSS pixels asks for. Uploads get a srcset of their
 * variants and the original, so the browser fetches the smallest that is sharp on its screen; in
 * data-saver mode only the smallest variant is offered (the "Media quality is reduced" the banner
 * promises). Any other picture (built-in art, a data URL) is used as it is.
 */
export function imageSources(url: string, displayPx: number, saveData: boolean): ImageSources {
  const name = url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : '';
  const variant = (width: ImageVariantWidth) => {
    const variantName = imageVariantName(name, width);
    return variantName === null ? null : UPLOADS_PREFIX + variantName;
  };
  const smallest = variant(IMAGE_VARIANT_WIDTHS[0]);
  if (smallest === null) return { src: url };
  if (saveData) return { src: smallest };
  const candidates = IMAGE_VARIANT_WIDTHS.map((width) => `${variant(width)} ${width}w`);
  return { src: url, srcSet: [...candidates, `${url} ${ORIGINAL_WIDTH}w`].join(', '), sizes: `${Math.round(displayPx)}px` };
}
