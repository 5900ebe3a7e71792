import { describe, expect, it } from 'vitest';
import { isHexColor } from './color';
import { POG_DEFAULTS } from './defaults';
import { fontStack, isPogFont, POG_FONTS } from './fonts';
import { GRADIENT_PRESETS, POG_TEMPLATES } from './templates';

describe('templates, presets and fonts', () => {
  it('has the 8 built-in templates of the product spec (entities), with their categories and fonts', () => {
    expect(POG_TEMPLATES.map((t) => [t.name, t.category, t.fontFamily])).toEqual([
      ['Blue Gradient', 'gradients', 'Bangers'],
      ['Purple Dream', 'gradients', 'Bangers'],
      ['Sunset', 'gradients', 'Bangers'],
      ['Neon Lights', 'gradients', 'Bangers'],
      ['Minimalist White', 'minimal', 'Roboto Condensed'],
      ['Minimalist Dark', 'minimal', 'Roboto Condensed'],
      ['Retro Pixel', 'retro', 'Press Start 2P'],
      ['Retro Wave', 'retro', 'Press Start 2P'],
    ]);
    expect(new Set(POG_TEMPLATES.map((t) => t.id)).size).toBe(8);
  });

  it('uses only upper-case #RRGGBB colours, so they compare equal to validated input', () => {
    const colours = [
      ...POG_TEMPLATES.flatMap((t) => [t.backgroundColor1, t.backgroundColor2, t.textColor]),
      ...GRADIENT_PRESETS.flatMap((p) => [p.backgroundColor1, p.backgroundColor2]),
      POG_DEFAULTS.textColor,
      POG_DEFAULTS.backgroundColor1,
      POG_DEFAULTS.backgroundColor2,
    ];
    for (const colour of colours) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
    expect(colours.every(isHexColor)).toBe(true);
  });

  it('has three gradient presets', () => {
    expect(GRADIENT_PRESETS).toHaveLength(3);
  });

  it('lists the template fonts and the default font', () => {
    for (const font of ['Bangers', 'Roboto Condensed', 'Press Start 2P', POG_DEFAULTS.fontFamily]) expect(isPogFont(font)).toBe(true);
    expect(isPogFont('Comic Sans MS')).toBe(false);
    expect(new Set(POG_FONTS).size).toBe(POG_FONTS.length);
    expect(fontStack('Press Start 2P')).toBe('"Press Start 2P", monospace');
  });
});
