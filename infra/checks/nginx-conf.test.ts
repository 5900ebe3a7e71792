import { describe, expect, it } from 'vitest';
import { directivesIn, findAll, locationBlock, parseNginxConf } from './nginx-conf';

const SAMPLE = `
# comment { not a block }
upstream app { server app:3000 resolve; }
server {
  listen 8080;
  location /api/ {
    proxy_set_header X-Note "a ; b";   # quoted separators stay inside the argument
    proxy_pass http://app;
  }
  location = /health { return 200 'ok'; }
}`;

describe('parseNginxConf', () => {
  it('reads directives, arguments and nested blocks', () => {
    const conf = parseNginxConf(SAMPLE);
    expect(conf.map((d) => d.name)).toEqual(['upstream', 'server']);
    expect(findAll(conf, 'server').map((d) => d.args)).toEqual([['app:3000', 'resolve'], []]);
    const api = locationBlock(conf, '/api/');
    expect(directivesIn(api, 'proxy_pass')[0]?.args).toEqual(['http://app']);
    expect(directivesIn(api, 'proxy_set_header')[0]?.args).toEqual(['X-Note', 'a ; b']);
    expect(directivesIn(locationBlock(conf, '/health'), 'return')[0]?.args).toEqual(['200', 'ok']);
  });

  it('reports unbalanced braces and missing semicolons', () => {
    expect(() => parseNginxConf('server { listen 80;')).toThrow(/not closed/);
    expect(() => parseNginxConf('listen 80; }')).toThrow(/unexpected "}"/);
    expect(() => parseNginxConf('server { listen 80 }')).toThrow(/missing ";"/);
  });
});
