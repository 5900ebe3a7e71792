import { describe, expect, it } from 'vitest';
import { createPogRequestSchema, updatePogRequestSchema } from './schemas';

const valid = {
  userId: 7,
  name: '  Fire Pog ',
  textContent: 'HOT',
  fontFamily: 'Bangers',
  textColor: '#ffffff',
  backgroundColor1: '#6366f1',
  backgroundColor2: '#EC4899',
  imageUrl: '/uploads/abc123.jpg',
  imageStyle: 'cover',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('createPogRequestSchema', () => {
  it('accepts the spec payload, trims the name and upper-cases colours', () => {
    const parsed = createPogRequestSchema.parse(valid);
    expect(parsed.name).toBe('Fire Pog');
    expect(parsed.textColor).toBe('#FFFFFF');
    expect(parsed.backgroundColor1).toBe('#6366F1');
    expect(parsed.maxTrades).toBeUndefined();
  });

  it('fills in the POG defaults for a quick-create payload', () => {
    const parsed = createPogRequestSchema.parse({ userId: 1, name: 'Pog', textContent: '' });
    expect(parsed).toMatchObject({
      fontFamily: 'Bangers',
      textColor: '#FFFFFF',
      backgroundColor1: '#6366F1',
      backgroundColor2: '#EC4899',
      imageUrl: '',
      imageStyle: 'cover',
    });
  });

  it.each([
    [{ name: '   ' }, 'Please give your POG a name'],
    [{ name: 'x'.repeat(41) }, 'The name can be at most 40 characters'],
    [{ textContent: 'y'.repeat(61) }, 'The text can be at most 60 characters'],
    [{ textColor: 'white' }, 'The text colour must be a colour like #6366F1'],
    [{ backgroundColor1: '#12345' }, 'Color 1 must be a colour like #6366F1'],
    [{ backgroundColor2: '#GGGGGG' }, 'Color 2 must be a colour like #6366F1'],
    [{ imageStyle: 'stretch' }, 'The image style must be cover, contain or fill'],
    [{ imageUrl: 'https://evil.example/x.png' }, 'The image must be uploaded first (only our own upload links are accepted)'],
    [{ imageUrl: 'data:image/png;base64,AAAA' }, 'The image must be uploaded first (only our own upload links are accepted)'],
    [{ maxTrades: 16 }, 'The trade limit can be at most 15'],
    [{ maxTrades: -1 }, 'The trade limit cannot be negative'],
    [{ maxTrades: 2.5 }, 'The trade limit must be a whole number'],
  ])('refuses %j with a clear message', (change, message) => {
    expect(firstMessage(createPogRequestSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts exactly 40 and 60 characters and a trade limit of 0', () => {
    expect(createPogRequestSchema.safeParse({ ...valid, name: 'x'.repeat(40), textContent: 'y'.repeat(60), maxTrades: 0 }).success).toBe(
      true,
    );
  });

  it('refuses an unknown font, naming the choices', () => {
    expect(firstMessage(createPogRequestSchema.safeParse({ ...valid, fontFamily: 'Comic Sans MS' }))).toMatch(
      /^Please choose one of the fonts: Bangers, Roboto Condensed, Press Start 2P/,
    );
  });

  it('refuses a missing or non-numeric userId', () => {
    expect(createPogRequestSchema.safeParse({ ...valid, userId: undefined }).success).toBe(false);
    expect(createPogRequestSchema.safeParse({ ...valid, userId: '7' }).success).toBe(false);
  });
});

describe('updatePogRequestSchema', () => {
  it('accepts any single design field and normalizes it', () => {
    expect(updatePogRequestSchema.parse({ textColor: '#abcdef' })).toEqual({ textColor: '#ABCDEF' });
  });

  it('refuses an empty update, including one with only non-design fields', () => {
    expect(firstMessage(updatePogRequestSchema.safeParse({}))).toBe('Nothing to update: change at least one field');
    expect(updatePogRequestSchema.safeParse({ rarity: 'legendary', userId: 3 }).success).toBe(false);
  });

  it('drops fields that are not part of the design', () => {
    expect(updatePogRequestSchema.parse({ name: 'New', rarity: 'legendary' })).toEqual({ name: 'New' });
  });

  it('validates the fields it is given', () => {
    expect(firstMessage(updatePogRequestSchema.safeParse({ name: '' }))).toBe('Please give your POG a name');
  });
});
