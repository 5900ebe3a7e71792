import { describe, expect, it } from 'vitest';
import { UPLOAD } from '@pog/common';
import { imageFileProblem } from './imageFile';

describe('imageFileProblem', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s', (type) => {
    expect(imageFileProblem({ type, size: 1000 })).toBeNull();
  });

  it.each(['image/svg+xml', 'image/bmp', 'application/pdf', ''])('refuses %j with the server words', (type) => {
    expect(imageFileProblem({ type, size: 1000 })).toBe('Please select a valid image file (JPEG, PNG, GIF, or WEBP)');
  });

  it('refuses a file over 25MB and accepts one exactly at the limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD.maxBytes })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD.maxBytes + 1 })).toBe('Image size should be less than 25MB');
  });
});
