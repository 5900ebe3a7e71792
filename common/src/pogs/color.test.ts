import { describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb, hueDistance, randomHexColor, rgbToHex, rgbToHsl } from './color';

describe('colour helpers', () => {
  it('parses six- and three-digit hex in any case', () => {
    expect(hexToRgb('#6366F1')).toEqual({ r: 99, g: 102, b: 241 });
    expect(hexToRgb('#ec4899')).toEqual({ r: 236, g: 72, b: 153 });
    expect(hexToRgb('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(() => hexToRgb('red')).toThrow(TypeError);
    expect(() => hexToRgb('#12345')).toThrow(TypeError);
  });

  it('round-trips through rgbToHex', () => {
    expect(rgbToHex(hexToRgb('#a1b2c3'))).toBe('#A1B2C3');
  });

  it('converts to HSL', () => {
    expect(rgbToHsl({ r: 255, g: 0, b: 0 })).toEqual({ h: 0, s: 1, l: 0.5 });
    expect(rgbToHsl({ r: 0, g: 0, b: 255 }).h).toBeCloseTo(240);
    expect(rgbToHsl({ r: 128, g: 128, b: 128 }).s).toBe(0);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // A well-known pair: #767676 on white is just above 4.5.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
  });

  it('measures hue distance the short way round', () => {
    expect(hueDistance(350, 10)).toBe(20);
    expect(hueDistance(0, 180)).toBe(180);
  });

  it('draws random colours from the given source', () => {
    expect(randomHexColor(() => 0)).toBe('#000000');
    expect(randomHexColor(() => 0.9999)).toBe('#FFFFFF');
  });
});
