/** Draws the chosen square of the picture onto a canvas and encodes it (product spec: validation). */
import { UPLOAD } from '@pog/common';
import { cropToSourceRect, outputSize, type Rect } from './cropMath';
import { IMAGE_TEXT } from './messages';

/**
 * Crops `image` (as displayed, with `zoom` applied around its centre) to `crop` (layout pixels)
 * and returns a JPEG at quality 0.85, at most 1024 px a side. Fails with the spec's crop messages.
 */
export function cropImage(image: HTMLImageElement, crop: Rect, zoom: number): Promise<Blob> {
  const displayed = { width: image.width, height: image.height };
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  if (!displayed.width || !displayed.height || !natural.width || !crop.width || !crop.height) {
    return Promise.reject(new Error(IMAGE_TEXT.cropFailed));
  }
  const source = cropToSourceRect(crop, displayed, natural, zoom);
  const size = outputSize(source);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(IMAGE_TEXT.cropFailed));
  // JPEG has no transparency: a transparent PNG gets a white backing instead of black.
  context.fillStyle = '#FFFFFF';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(IMAGE_TEXT.canvasEmpty))), 'image/jpeg', UPLOAD.jpegQuality);
  });
}
