import { describe, expect, it } from 'vitest';
import { HAMMING_FLAG_DISTANCE } from './rarity';
import { CHUNK_RADIUS, chunkNeighbours, chunkRadiusFor, EXACT_SEARCH_DISTANCE, hammingDistance, hashChunkProbes, hashChunks } from './image-hash';

/** A deterministic stream of 64-bit hashes and bit flips (xorshift32; no Math.random in tests). */
function hashSource(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const hash = () => [next(), next()].map((half) => half.toString(16).padStart(8, '0')).join('');
  /** `hex` with exactly `count` distinct bits flipped. */
  const flip = (hex: string, count: number) => {
    let value = BigInt(`0x${hex}`);
    const bits = new Set<number>();
    while (bits.size < count) bits.add(next() % 64);
    for (const bit of bits) value ^= 1n << BigInt(bit);
    return value.toString(16).padStart(16, '0');
  };
  return { hash, flip };
}

/** True when some chunk of `other` is among the probes of its position. */
const probed = (probes: number[][], other: string) => hashChunks(other).some((chunk, index) => probes[index]!.includes(chunk));

describe('hammingDistance', () => {
  it('counts differing bits, ignoring case', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('00000000ffffffff', 'FFFFFFFF00000000')).toBe(64);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdee')).toBe(1);
  });

  it('agrees with a bit-by-bit count', () => {
    const { hash } = hashSource(9);
    for (let i = 0; i < 100; i += 1) {
      const [a, b] = [hash(), hash()];
      const slow = [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((bit) => bit === '1').length;
      expect(hammingDistance(a, b)).toBe(slow);
    }
  });

  it('refuses anything but two 16-digit hex hashes', () => {
    expect(() => hammingDistance('123', '0000000000000000')).toThrow(TypeError);
    expect(() => hammingDistance('0000000000000000', 'zzzzzzzzzzzzzzzz')).toThrow(TypeError);
  });
});

describe('hashChunks', () => {
  it('splits a hash into four 16-bit integers, most significant first', () => {
    expect(hashChunks('0001ffff8000abcd')).toEqual([1, 0xffff, 0x8000, 0xabcd]);
    expect(hashChunks('0001FFFF8000ABCD')).toEqual([1, 0xffff, 0x8000, 0xabcd]);
  });

  it('refuses a malformed hash', () => {
    expect(() => hashChunks('0001ffff8000abc')).toThrow(TypeError);
  });
});

describe('chunkNeighbours', () => {
  it('lists every value within the radius exactly once, the value itself first', () => {
    expect(chunkNeighbours(0x1234, 0)).toEqual([0x1234]);
    const withinTwo = chunkNeighbours(0x1234, 2);
    expect(withinTwo[0]).toBe(0x1234);
    // 1 + C(16, 1) + C(16, 2)
    expect(withinTwo).toHaveLength(137);
    expect(new Set(withinTwo).size).toBe(137);
    const bits = (value: number) => [...value.toString(2)].filter((bit) => bit === '1').length;
    expect(withinTwo.every((value) => value >= 0 && value <= 0xffff && bits(value ^ 0x1234) <= 2)).toBe(true);
  });
});

describe('multi-index search guarantees', () => {
  it('searches exactly 11 bits with chunk radius 2', () => {
    expect(CHUNK_RADIUS).toBe(2);
    expect(EXACT_SEARCH_DISTANCE).toBe(11);
    expect(chunkRadiusFor(EXACT_SEARCH_DISTANCE)).toBe(CHUNK_RADIUS);
    expect(chunkRadiusFor(EXACT_SEARCH_DISTANCE + 1)).toBe(CHUNK_RADIUS + 1);
    expect(hashChunkProbes('0123456789abcdef').map((values) => values.length)).toEqual([137, 137, 137, 137]);
  });

  it('only needs the chunks themselves below 4 bits, and one-bit neighbours at the flag distance', () => {
    expect(hashChunkProbes('0123456789abcdef', 3)).toEqual(hashChunks('0123456789abcdef').map((chunk) => [chunk]));
    expect(hashChunkProbes('0123456789abcdef', HAMMING_FLAG_DISTANCE).map((values) => values.length)).toEqual([17, 17, 17, 17]);
  });

  it('finds every hash up to the exact search distance, whatever bits differ', () => {
    const { hash, flip } = hashSource(5);
    for (let i = 0; i < 300; i += 1) {
      const a = hash();
      const probes = hashChunkProbes(a);
      for (const distance of [0, 3, HAMMING_FLAG_DISTANCE, EXACT_SEARCH_DISTANCE]) {
        const near = flip(a, distance);
        expect(hammingDistance(a, near)).toBe(distance);
        expect(probed(probes, near)).toBe(true);
      }
    }
  });

  it('can miss a hash just beyond the exact search distance (the bound is tight)', () => {
    // Three differing bits in every chunk: 12 bits, no chunk within radius 2.
    const a = '0000000000000000';
    const b = '0007000700070007';
    expect(hammingDistance(a, b)).toBe(EXACT_SEARCH_DISTANCE + 1);
    expect(probed(hashChunkProbes(a), b)).toBe(false);
  });
});
