import { describe, expect, it } from 'vitest';
import { POG_TEMPLATES as TEMPLATES } from '@pog/common';
import { discTextSize, TEXT_BOX_SHARE } from './discText';

describe('text on a disc', () => {
  it('keeps the usual size when the longest word fits', () => {
    expect(discTextSize('POG', 200, 'Roboto Condensed')).toEqual({ px: 34, mayBreakWords: false });
    expect(discTextSize('', 44, 'Bangers')).toEqual({ px: 10, mayBreakWords: false });
  });

  it('sets Retro Pixel smaller on small discs instead of breaking PIXEL into PIXE / L', () => {
    for (const diameter of [44, 64, 104, 110, 150, 200, 260]) {
      const { px, mayBreakWords } = discTextSize('PIXEL', diameter, 'Press Start 2P');
      expect(mayBreakWords).toBe(false);
      // Five 1 em glyphs fit the text box.
      expect(5 * px).toBeLessThanOrEqual(diameter * TEXT_BOX_SHARE);
    }
  });

  it('fits every template’s text on every disc size the app shows', () => {
    for (const template of TEMPLATES) {
      for (const diameter of [44, 64, 110, 150, 200]) expect(discTextSize(template.textContent, diameter, template.fontFamily).mayBreakWords).toBe(false);
    }
  });

  it('lets only a word too long for any readable size break', () => {
    expect(discTextSize('SUPERCALIFRAGILISTICEXPIALIDOCIOUS', 44, 'Press Start 2P')).toEqual({ px: 6, mayBreakWords: true });
  });
});
