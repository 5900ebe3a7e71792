import { describe, expect, it } from 'vitest';
import { POG_DEFAULTS } from './defaults';
import { designLookKey, designTextKey, unchangedStartingDesign } from './design-match';
import { POG_TEMPLATES } from './templates';

const minimalistWhite = POG_TEMPLATES.find((t) => t.id === 'minimalist-white')!;

describe('design matching', () => {
  it('normalizes text for counting', () => {
    expect(designTextKey('  Pög  Power! ')).toBe(designTextKey('pog power'));
    expect(designTextKey('')).toBe('');
  });

  it('finds every template and the default design unchanged', () => {
    for (const template of POG_TEMPLATES) expect(unchangedStartingDesign(template, false)).toBe(template.name);
    expect(unchangedStartingDesign(POG_DEFAULTS, false)).toBe('the default design');
  });

  it('ignores colour case and the text changes it does not count as new words', () => {
    expect(unchangedStartingDesign({ ...minimalistWhite, backgroundColor1: '#ffffff', textContent: ' p.o.g! ' }, false)).toBe('Minimalist White');
  });

  it('calls any real change, or a picture, a new design', () => {
    expect(unchangedStartingDesign({ ...minimalistWhite, textContent: 'POGS' }, false)).toBeNull();
    expect(unchangedStartingDesign({ ...minimalistWhite, fontFamily: 'Bangers' }, false)).toBeNull();
    expect(unchangedStartingDesign({ ...minimalistWhite, textColor: '#111828' }, false)).toBeNull();
    // Swapped colours run the gradient the other way: a (small) change of its own.
    expect(unchangedStartingDesign({ ...minimalistWhite, backgroundColor1: minimalistWhite.backgroundColor2, backgroundColor2: minimalistWhite.backgroundColor1 }, false)).toBeNull();
    expect(unchangedStartingDesign(minimalistWhite, true)).toBeNull();
  });

  it('gives two designs the same look key exactly when they look the same', () => {
    const look = { backgroundColor1: '#112233', backgroundColor2: '#445566', textColor: '#FFFFFF', textContent: 'Hello', fontFamily: 'Orbitron' };
    expect(designLookKey({ ...look, backgroundColor1: '#112233'.toLowerCase(), textContent: 'HELLO!' })).toBe(designLookKey(look));
    for (const change of [{ backgroundColor1: '#112234' }, { textColor: '#000000' }, { textContent: 'Hello2' }, { fontFamily: 'Anton' }]) {
      expect(designLookKey({ ...look, ...change })).not.toBe(designLookKey(look));
    }
  });
});
