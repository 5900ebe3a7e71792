import { describe, expect, it } from 'vitest';
import { RARITIES } from '@pog/common';
import { contrastRatio } from '../components/contrast';
import { theme } from './theme';
import indexHtml from '../../index.html?raw';

describe('the theme', () => {
  it('writes every rarity name at 4.5:1 or more on every surface', () => {
    const { background, backgroundAlt, surface, surfaceRaised, surfaceHover } = theme.colors;
    for (const rarity of RARITIES) {
      for (const ground of [background, backgroundAlt, surface, surfaceRaised, surfaceHover]) {
        expect(contrastRatio(theme.colors.rarity[rarity], ground), `${rarity} on ${ground}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("is the one index.html draws before the app's code runs", () => {
    const style = indexHtml.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const { colors, gradients, fonts } = theme;
    for (const value of [colors.background, colors.border, colors.text, gradients.page, gradients.brand, fonts.body]) expect(style).toContain(value);
  });
});
