/**
 * Where a crop drawn on the zoomed preview lies in the original picture, and how big the output
 * is (product spec: validation: square, at most 1024 px a side). Pure, so it is tested without a canvas.
 */
import { UPLOAD } from '@pog/common';

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The preview image is laid out at `displayed` size and then scaled by `zoom` around its centre
 * (a CSS transform), while the crop box is measured in the unscaled layout box. A layout point p
 * therefore shows the picture at centre + (p - centre) / zoom, in displayed units.
 */
export function cropToSourceRect(crop: Rect, displayed: Size, natural: Size, zoom: number): Rect {
  const scaleX = natural.width / displayed.width;
  const scaleY = natural.height / displayed.height;
  const cx = displayed.width / 2;
  const cy = displayed.height / 2;
  const x = (cx + (crop.x - cx) / zoom) * scaleX;
  const y = (cy + (crop.y - cy) / zoom) * scaleY;
  const width = (crop.width / zoom) * scaleX;
  const height = (crop.height / zoom) * scaleY;
  return clampRect({ x, y, width, height }, natural);
}

function clampRect(rect: Rect, bounds: Size): Rect {
  const x = Math.max(0, Math.min(rect.x, bounds.width));
  const y = Math.max(0, Math.min(rect.y, bounds.height));
  return {
    x,
    y,
    width: Math.max(0, Math.min(rect.width, bounds.width - x)),
    height: Math.max(0, Math.min(rect.height, bounds.height - y)),
  };
}

/** The output canvas: the source's own size, scaled down so neither side exceeds the limit. */
export function outputSize(source: Size, maxSide: number = UPLOAD.maxSide): Size {
  const longest = Math.max(source.width, source.height);
  const scale = longest > maxSide ? maxSide / longest : 1;
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

/** Snaps a zoom value to the slider's range and step (1 to 3 in steps of 0.1). */
export function clampZoom(value: number): number {
  const { cropZoomMin: min, cropZoomMax: max, cropZoomStep: step } = UPLOAD;
  const snapped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, Number(snapped.toFixed(2))));
}
