import { describe, expect, it } from 'vitest';
import { asUserId, GRADIENT_PRESETS, POG_TEMPLATES } from '@pog/common';
import { applyPreset, applyTemplate, checkDesign, designChanges, designFromPog, EMPTY_DESIGN, randomBackground } from './design';
import { makePog } from './testPog';

const retroWave = POG_TEMPLATES.find((t) => t.id === 'retro-wave')!;

describe('the Creator Studio design', () => {
  it('starts from the POG defaults of the product spec (entities)', () => {
    expect(EMPTY_DESIGN).toMatchObject({ fontFamily: 'Bangers', textColor: '#FFFFFF', backgroundColor1: '#6366F1', backgroundColor2: '#EC4899', imageStyle: 'cover' });
  });

  it('applies a template, keeping the picture and a name the player typed', () => {
    const withImage = { ...EMPTY_DESIGN, imageUrl: '/uploads/a.jpg' };
    expect(applyTemplate(withImage, retroWave)).toMatchObject({
      name: 'Retro Wave',
      textContent: 'WAVE',
      fontFamily: 'Press Start 2P',
      backgroundColor1: '#F472B6',
      imageUrl: '/uploads/a.jpg',
    });
    expect(applyTemplate({ ...EMPTY_DESIGN, name: 'Mine' }, retroWave).name).toBe('Mine');
  });

  it('applies a gradient preset and random colours', () => {
    const ocean = GRADIENT_PRESETS[0]!;
    expect(applyPreset(EMPTY_DESIGN, ocean)).toMatchObject({ backgroundColor1: ocean.backgroundColor1, backgroundColor2: ocean.backgroundColor2 });
    expect(randomBackground(EMPTY_DESIGN, () => 0)).toMatchObject({ backgroundColor1: '#000000', backgroundColor2: '#000000' });
  });

  it('reads a saved POG back into the form', () => {
    const pog = makePog({ name: 'Saved', fontFamily: 'Orbitron', imageUrl: '/uploads/x.jpg', imageStyle: 'contain' });
    expect(designFromPog(pog)).toMatchObject({ name: 'Saved', fontFamily: 'Orbitron', imageUrl: '/uploads/x.jpg', imageStyle: 'contain' });
    expect(designFromPog(makePog({ fontFamily: 'Comic Sans' })).fontFamily).toBe('Bangers');
  });

  it('reports the server schema messages per field', () => {
    const check = checkDesign({ ...EMPTY_DESIGN, name: '  ', backgroundColor1: 'blue' }, asUserId(7));
    expect(check).toEqual({
      ok: false,
      errors: { name: 'Please give your POG a name', backgroundColor1: 'Color 1 must be a colour like #6366F1' },
    });
  });

  it('produces the request, and its design fields for an edit', () => {
    const check = checkDesign({ ...EMPTY_DESIGN, name: ' Blue ', backgroundColor2: '#abcdef' }, asUserId(7));
    if (!check.ok) throw new Error('expected a valid design');
    expect(check.request).toMatchObject({ userId: 7, name: 'Blue', backgroundColor2: '#ABCDEF' });
    expect(designChanges(check.request)).not.toHaveProperty('userId');
  });
});
