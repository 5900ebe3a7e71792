import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts every IPv6 address of one /64 as that /64, however it is written', () => {
    const sameBlock = ['2001:db8:1:2::1', '2001:db8:1:2:a1b2:c3d4:e5f6:7788', '2001:0DB8:0001:0002:0000:0000:0000:ffff', '2001:db8:1:2::1%eth0'];
    expect(new Set(sameBlock.map(clientNetwork))).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells apart addresses of different /64 blocks', () => {
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
    expect(clientNetwork('::1')).toBe('::/64');
  });

  it('takes an IPv4 client seen over IPv6 as its IPv4 address', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('not:an:address')).toBe('not:an:address');
  });
});
