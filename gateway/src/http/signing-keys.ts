/**
 * Cookie signatures as Keygrip makes them (HMAC-SHA1 of `<name>=<value>`, base64url without padding,
 * signed with the first key, any key accepted), compared with Node's constant-time comparison.
 * Keygrip compares through tsscmp, which draws 32 random bytes and computes two more HMACs for every
 * check: every request's session cookie paid for that (about 0.06 ms of a gateway's CPU per
 * battle completed). The signatures are the same, so cookies signed by either are accepted by both.
 * A signature found good is remembered with its data (a player's browser sends the same cookie with
 * every request), so that it is checked once, not once per request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How many good signatures are remembered (then forgotten all at once). */
const REMEMBERED = 50_000;

export class SigningKeys {
  private readonly keys: readonly string[];
  /** Signatures found good, by digest: the data each signs and the index of the key that made it. */
  private readonly good = new Map<string, { data: string; index: number }>();

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new RangeError('at least one signing key is needed');
    this.keys = [...keys];
  }

  sign(data: string): string {
    return signature(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` as `digest` (-1: none). Only the digest's length can be told apart by timing, and it is public. */
  index(data: string, digest: string): number {
    // By digest alone (no string joined per check); the data must be the very data it was found good for.
    const known = this.good.get(digest);
    if (known !== undefined && known.data === data) return known.index;
    const given = Buffer.from(digest);
    const index = this.keys.findIndex((key) => {
      const expected = Buffer.from(signature(data, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (index > -1) {
      if (this.good.size >= REMEMBERED) this.good.clear();
      this.good.set(digest, { data, index });
    }
    return index;
  }
}

const signature = (data: string, key: string) => createHmac('sha1', key).update(data).digest('base64url');
