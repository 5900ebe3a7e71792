import { describe, expect, it } from 'vitest';
import { imageSources, imageVariantName, variantBaseName } from './image-variants';

const ORIGINAL = '/uploads/0123456789abcdef0123456789abcdef.jpg';
const BASE = '/uploads/0123456789abcdef0123456789abcdef';

describe('image variants', () => {
  it('names the variants of a stored original, and nothing else', () => {
    expect(imageVariantName('0123456789abcdef0123456789abcdef.jpg', 256)).toBe('0123456789abcdef0123456789abcdef-256.webp');
    expect(imageVariantName('0123456789abcdef0123456789abcdef.webp', 128)).toBe('0123456789abcdef0123456789abcdef-128.webp');
    expect(imageVariantName('0123456789abcdef0123456789abcdef-256.webp', 128)).toBeNull();
    expect(imageVariantName('../etc/passwd.jpg', 128)).toBeNull();
    expect(variantBaseName('0123456789abcdef0123456789abcdef-512.webp')).toBe('0123456789abcdef0123456789abcdef');
    expect(variantBaseName('0123456789abcdef0123456789abcdef.webp')).toBeNull();
    expect(variantBaseName('0123456789abcdef0123456789abcdef-300.webp')).toBeNull();
  });

  it('offers an upload at every size, for the size the card shows', () => {
    expect(imageSources(ORIGINAL, 140, false)).toEqual({
      src: ORIGINAL,
      srcSet: `${BASE}-128.webp 128w, ${BASE}-256.webp 256w, ${BASE}-512.webp 512w, ${ORIGINAL} 1024w`,
      sizes: '140px',
    });
  });

  it('asks only for the smallest in data-saver mode', () => {
    expect(imageSources(ORIGINAL, 260, true)).toEqual({ src: `${BASE}-128.webp` });
  });

  it('uses other pictures as they are', () => {
    for (const url of ['/img/placeholder.svg', 'data:image/png;base64,AAAA', '/uploads/legacy-name.png']) {
      expect(imageSources(url, 140, true)).toEqual({ src: url });
      expect(imageSources(url, 140, false)).toEqual({ src: url });
    }
  });
});
