import { describe, expect, it } from 'vitest';
import { DesignArrivals, nearestVisibleDistance, rarityShares, sharesOffTarget, type CorpusDesign } from './corpus';
import { EXACT_SEARCH_DISTANCE } from './image-hash';
import { COMMON_WORDS, playerDesigns } from './player-corpus';
import { isCopiedDesign } from './rarity';
import { POG_TEMPLATES } from './templates';

const look = { backgroundColor1: '#112233', backgroundColor2: '#445566', textColor: '#FFFFFF', textContent: 'Hello', fontFamily: 'Orbitron' };

describe('design arrivals (the server scorer, simulated)', () => {
  it('sees earlier images only within the exact search distance, as the server does', () => {
    const origin = '0000000000000000';
    expect(nearestVisibleDistance(origin, [])).toBeNull();
    expect(nearestVisibleDistance(origin, ['0000000000000fff', '00000000000007ff'])).toBe(EXACT_SEARCH_DISTANCE);
    expect(nearestVisibleDistance(origin, ['0000000000000fff', 'ffffffffffffffff'])).toBeNull();
  });

  it('counts the earlier POGs sharing the colour pair and the text, not the POG itself', () => {
    const arrivals = new DesignArrivals();
    const first = arrivals.arrive({ ...look, image: null });
    const second = arrivals.arrive({ ...look, textContent: 'hello!', fontFamily: 'Anton', image: null });
    const third = arrivals.arrive({ ...look, backgroundColor1: '#EE0000', textContent: 'Bye', image: { hash: '0000000000000000', detail: 0.5 } });
    const fourth = arrivals.arrive({ ...look, textContent: 'Bye', image: null });
    expect(first.uniqueness).toEqual({ kind: 'design', frequency: { total: 0, sameColourPair: 0, sameText: 0 }, sameDesignExists: false });
    expect(second.uniqueness).toEqual({ kind: 'design', frequency: { total: 1, sameColourPair: 1, sameText: 1 }, sameDesignExists: false });
    expect(third.uniqueness).toEqual({ kind: 'image', nearestHashDistance: null, frequency: { total: 2, sameColourPair: 0, sameText: 0 }, sameDesignExists: false });
    // Image POGs count in the design frequencies too, as in the server's query.
    expect(fourth.uniqueness).toEqual({ kind: 'design', frequency: { total: 3, sameColourPair: 2, sameText: 1 }, sameDesignExists: false });
  });

  it("counts a creator's own POGs apart, and holds each creator to the legendary share", () => {
    const arrivals = new DesignArrivals();
    arrivals.arrive({ ...look, image: null, creator: 'ann' });
    arrivals.arrive({ ...look, textContent: 'Other', image: null, creator: 'bob' });
    const again = arrivals.arrive({ ...look, textContent: 'Third', image: null, creator: 'ann' });
    expect(again.uniqueness).toMatchObject({ frequency: { total: 2, sameColourPair: 2, sameText: 0, ownSameColourPair: 1, ownSameText: 0 } });

    // A perfect design on fresh colours and words each time: legendary by its total, each in a game of its own.
    const perfect = (n: number): CorpusDesign => ({
      backgroundColor1: ['#1A237E', '#4A148C', '#004D40', '#B71C1C'][n % 4]!,
      backgroundColor2: ['#7E5A1A', '#148C2C', '#4D0030', '#1CB7B7'][n % 4]!,
      textColor: '#FFFFFF',
      textContent: `Fresh words number ${n}`,
      fontFamily: 'Orbitron',
      image: { hash: (0x1234567890abcdefn * BigInt(n + 1)).toString(16).slice(-16).padStart(16, '0'), detail: 0.9 },
      creator: 'carol',
    });
    const rarities = Array.from({ length: 4 }, (_, n) => new DesignArrivals().score(perfect(n)).rarity);
    expect(rarities).toEqual(['legendary', 'legendary', 'legendary', 'legendary']);
    // One creator making them one after another: the first stays legendary, the rest are epic.
    const game = new DesignArrivals();
    expect(Array.from({ length: 4 }, (_, n) => game.score(perfect(n)).rarity)).toEqual(['legendary', 'epic', 'epic', 'epic']);
  });

  it('knows a copy: the same look, and the same picture within the copy distance', () => {
    const arrivals = new DesignArrivals();
    const picture = { hash: '00000000000000ff', detail: 0.4 };
    const arrive = (design: CorpusDesign) => arrivals.arrive(design).uniqueness.sameDesignExists;
    expect(arrive({ ...look, image: null })).toBe(false);
    expect(arrive({ ...look, textContent: 'HELLO', image: null })).toBe(true);
    expect(arrive({ ...look, image: picture })).toBe(false);
    expect(arrive({ ...look, image: { hash: '000000000000000f', detail: 0.4 } })).toBe(true); // 4 bits away
    expect(arrive({ ...look, image: { hash: '0000000000ffffff', detail: 0.4 } })).toBe(false); // 16 bits away
    expect(arrive({ ...look, fontFamily: 'Anton', image: picture })).toBe(false);
  });

  it('reports the shares of each rarity and those off target', () => {
    const shares = rarityShares([{ rarity: 'common' }, { rarity: 'common' }, { rarity: 'rare' }, { rarity: 'legendary' }]);
    expect(shares).toEqual({ common: 0.5, uncommon: 0, rare: 0.25, epic: 0, legendary: 0.25 });
    expect(sharesOffTarget(shares, 0.05).map((off) => off.rarity)).toEqual(['uncommon', 'rare', 'epic', 'legendary']);
    expect(sharesOffTarget({ common: 0.46, uncommon: 0.29, rare: 0.15, epic: 0.08, legendary: 0.02 }, 0.05)).toEqual([]);
  });
});

describe('the player corpus', () => {
  const designs = playerDesigns(11, 2000);
  const inputs = new DesignArrivals();
  const measured = designs.map((design) => inputs.arrive(design));
  const share = (test: (index: number) => boolean) => designs.filter((_, index) => test(index)).length / designs.length;

  it('replays the same designs for the same seed and others for another', () => {
    expect(playerDesigns(11, 50)).toEqual(designs.slice(0, 50));
    expect(playerDesigns(12, 50)).not.toEqual(designs.slice(0, 50));
  });

  it('has every ingredient of a real population in a plausible share', () => {
    const template = (i: number) => POG_TEMPLATES.some((t) => t.backgroundColor1 === designs[i]!.backgroundColor1 && t.backgroundColor2 === designs[i]!.backgroundColor2);
    const copied = (i: number) => isCopiedDesign(measured[i]!);
    const image = (i: number) => designs[i]!.image !== null;
    const nearImage = (i: number) => measured[i]!.uniqueness.kind === 'image' && (measured[i]!.uniqueness as { nearestHashDistance: number | null }).nearestHashDistance !== null;
    const commonWord = (i: number) => (COMMON_WORDS as readonly string[]).includes(designs[i]!.textContent);
    expect(share(template)).toBeGreaterThan(0.2);
    expect(share(copied)).toBeGreaterThan(0.1);
    expect(share(copied)).toBeLessThan(0.3);
    expect(share(image)).toBeGreaterThan(0.15);
    // Most pictures are originals, some are near-duplicates of earlier ones.
    expect(share(nearImage)).toBeGreaterThan(0.03);
    expect(share(nearImage)).toBeLessThan(share(image) / 2);
    expect(share((i) => designs[i]!.textContent === '')).toBeGreaterThan(0.05);
    expect(share(commonWord)).toBeGreaterThan(0.2);
    // The popular templates are copied far more than the others.
    const uses = (id: string) => share((i) => { const t = POG_TEMPLATES.find((x) => x.id === id)!; return designs[i]!.backgroundColor1 === t.backgroundColor1 && designs[i]!.backgroundColor2 === t.backgroundColor2; });
    expect(uses('purple-dream')).toBeGreaterThan(2 * uses('minimalist-white'));
  });
});
