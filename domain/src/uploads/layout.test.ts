import { describe, expect, it } from 'vitest';
import { isAllowedStoredImageUrl, normalizeImageUrl, UPLOADS_PREFIX } from '@pog/common';
import { INCOMING_NAME, newIncomingName } from './layout';

describe('upload names', () => {
  it('are always accepted by the image URL rules, whatever the random bytes', () => {
    for (let i = 0; i < 2000; i++) {
      const name = newIncomingName();
      expect(name).toMatch(INCOMING_NAME);
      for (const ext of ['jpg', 'webp']) {
        const url = `${UPLOADS_PREFIX}${name}.${ext}`;
        expect(isAllowedStoredImageUrl(url)).toBe(true);
        expect(normalizeImageUrl(url)).toBe(url);
      }
    }
  });
});
