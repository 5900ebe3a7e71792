import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { SigningKeys } from './signing-keys';

describe('SigningKeys (cookie signatures as Keygrip makes them)', () => {
  const data = 'pf.sid=3f2a9c1e-the-session-token';

  it('signs exactly as Keygrip does, with the first key', () => {
    for (const keys of [['one'], ['a longer secret key, with spaces', 'an older one'], ['ключ', 'k2', 'k3']]) {
      expect(new SigningKeys(keys).sign(data)).toBe(new Keygrip(keys).sign(data));
    }
  });

  it('finds the key that signed, as Keygrip does, and refuses forged, truncated and foreign signatures', () => {
    const keys = ['current', 'previous', 'oldest'];
    const ours = new SigningKeys(keys);
    const theirs = new Keygrip(keys);
    for (const [i, key] of keys.entries()) {
      const signed = new Keygrip([key]).sign(data);
      expect(ours.index(data, signed)).toBe(i);
      expect(ours.index(data, signed)).toBe(theirs.index(data, signed));
      expect(ours.verify(data, signed)).toBe(true);
    }
    const good = ours.sign(data);
    for (const bad of [good.slice(0, -1), `${good}x`, good.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), '', new Keygrip(['stranger']).sign(data)]) {
      expect(ours.index(data, bad)).toBe(-1);
      expect(theirs.index(data, bad)).toBe(-1);
      expect(ours.verify(data, bad)).toBe(false);
    }
    expect(ours.index(`${data}-changed`, good)).toBe(-1);
  });

  it('needs a key', () => {
    expect(() => new SigningKeys([])).toThrow(RangeError);
  });
});
