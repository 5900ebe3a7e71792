import { describe, expect, it } from 'vitest';
import { clampZoom, cropToSourceRect, outputSize } from './cropMath';

describe('cropToSourceRect', () => {
  it('maps a crop straight to the source at zoom 1', () => {
    const rect = cropToSourceRect({ x: 10, y: 20, width: 100, height: 100 }, { width: 400, height: 200 }, { width: 1600, height: 800 }, 1);
    expect(rect).toEqual({ x: 40, y: 80, width: 400, height: 400 });
  });

  it('accounts for a zoom around the image centre', () => {
    // At zoom 2 the whole 200x200 layout box shows the middle 100x100 of the picture.
    const rect = cropToSourceRect({ x: 0, y: 0, width: 200, height: 200 }, { width: 200, height: 200 }, { width: 200, height: 200 }, 2);
    expect(rect).toEqual({ x: 50, y: 50, width: 100, height: 100 });
  });

  it('never reaches outside the picture', () => {
    const rect = cropToSourceRect({ x: 150, y: 150, width: 100, height: 100 }, { width: 200, height: 200 }, { width: 200, height: 200 }, 1);
    expect(rect).toEqual({ x: 150, y: 150, width: 50, height: 50 });
  });
});

describe('outputSize', () => {
  it('keeps a small crop at its own size', () => {
    expect(outputSize({ width: 300, height: 300 })).toEqual({ width: 300, height: 300 });
  });

  it('scales a large crop so neither side exceeds 1024 px', () => {
    expect(outputSize({ width: 4000, height: 4000 })).toEqual({ width: 1024, height: 1024 });
    expect(outputSize({ width: 3000, height: 1500 })).toEqual({ width: 1024, height: 512 });
  });
});

describe('clampZoom', () => {
  it('snaps to steps of 0.1 between 1 and 3', () => {
    expect(clampZoom(1.234)).toBe(1.2);
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(2.06)).toBe(2.1);
  });
});
