import { describe, expect, it } from 'vitest';
import { isAllowedStoredImageUrl, normalizeImageUrl, PLACEHOLDER_IMAGE } from './image-url';

describe('normalizeImageUrl', () => {
  it.each([
    ['abc.jpg', '/uploads/abc.jpg'],
    ['uploads/abc.jpg', '/uploads/abc.jpg'],
    ['/uploads/abc.jpg', '/uploads/abc.jpg'],
    ['./uploads/abc.jpg', '/uploads/abc.jpg'],
    ['public/uploads/abc.jpg', '/uploads/abc.jpg'],
    ['uploads\\abc.jpg', '/uploads/abc.jpg'],
    ['  uploads/abc.jpg  ', '/uploads/abc.jpg'],
  ])('normalizes the relative upload path %j', (raw, expected) => {
    expect(normalizeImageUrl(raw)).toBe(expected);
  });

  it.each([
    'https://cdn.example.com/pog.png',
    'http://example.com/a.gif?x=1',
    'data:image/png;base64,iVBORw0KGgo=',
    '/img/placeholder.svg',
    '/img/templates/retro.png',
  ])('passes %j through', (raw) => {
    expect(normalizeImageUrl(raw)).toBe(raw);
  });

  it.each([
    '',
    '   ',
    null,
    undefined,
    '../secret.txt',
    'uploads/../../etc/passwd',
    '/img/../uploads/x.jpg',
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'http://',
    'a b.jpg',
    'uploads/<script>.jpg',
  ])('falls back to the placeholder for %j', (raw) => {
    expect(normalizeImageUrl(raw)).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('isAllowedStoredImageUrl', () => {
  it.each(['', '/uploads/8f3a-1b2c.jpg', '/uploads/a_b.webp', '/img/placeholder.svg'])('accepts %j', (url) => {
    expect(isAllowedStoredImageUrl(url)).toBe(true);
  });

  it.each([
    'https://evil.example/x.jpg',
    '//evil.example/x.jpg',
    'data:image/png;base64,AAAA',
    'uploads/x.jpg',
    '/uploads/',
    '/uploads/../x.jpg',
    '/uploads/..',
    '/uploads/sub/x.jpg',
    '/uploads/.hidden',
    '/uploads/x.jpg?y=1',
    '/uploads/x%2F..%2Fy',
    '/img/',
    '/img/../../etc/passwd',
    '/static/x.jpg',
    ' /uploads/x.jpg',
  ])('refuses %j', (url) => {
    expect(isAllowedStoredImageUrl(url)).toBe(false);
  });
});
