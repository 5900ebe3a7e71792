import { describe, expect, it } from 'vitest';
import { AUTH } from '@pog/common';
import { hintSaysSignedIn } from './session';

describe('the signed-in hint as the page reads it', () => {
  const hint = AUTH.signedInHintCookie;

  it('finds the hint among the readable cookies, wherever it stands', () => {
    expect(hintSaysSignedIn(`${hint}=1`)).toBe(true);
    expect(hintSaysSignedIn(`theme=dark; ${hint}=1; other=x`)).toBe(true);
    expect(hintSaysSignedIn(`theme=dark;${hint}=1`)).toBe(true);
  });

  it('is a visitor without it, with another value, or with a cookie that only ends like it', () => {
    expect(hintSaysSignedIn('')).toBe(false);
    expect(hintSaysSignedIn(`${hint}=0`)).toBe(false);
    expect(hintSaysSignedIn(`${hint}=`)).toBe(false);
    expect(hintSaysSignedIn(`x${hint}=1`)).toBe(false);
    expect(hintSaysSignedIn(`${hint}=10`)).toBe(false);
  });
});
