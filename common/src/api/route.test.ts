import { describe, expect, it } from 'vitest';
import { apiPaths } from './paths';
import { routeUrl } from './route';
import { apiRoutes } from './routes';

describe('routeUrl', () => {
  it('fills path parameters, encoded, and leaves out query values that are not given', () => {
    expect(routeUrl('/api/pogs/:id', { id: 7 })).toBe('/api/pogs/7');
    expect(routeUrl('/api/debug/images/:filename', { filename: 'a b/c' })).toBe('/api/debug/images/a%20b%2Fc');
    expect(routeUrl('/api/pogs', undefined, { search: 'lava', rarity: undefined, limit: 24 })).toBe('/api/pogs?search=lava&limit=24');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => routeUrl('/api/pogs/:id', {})).toThrow('/api/pogs/:id needs the parameter id');
  });
});

describe('the route table', () => {
  it('has an entry for every path of apiPaths, at that method and path', () => {
    for (const [domain, paths] of Object.entries(apiPaths)) {
      for (const [name, at] of Object.entries(paths)) {
        const route = (apiRoutes as Record<string, Record<string, { method: string; path: string }>>)[domain]![name]!;
        expect({ method: route.method, path: route.path }).toEqual(at);
      }
    }
  });
});
