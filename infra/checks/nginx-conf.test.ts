import { describe, expect, it } from 'vitest';
import { directivesIn, effectiveDirectives, findAll, locationBlock, locationFor, parseNginxConf } from './nginx-conf';

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
});

describe('effectiveDirectives', () => {
  const conf = parseNginxConf(`
    add_header X-Http 1;
    server {
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      location /inherits/ { proxy_pass http://a; }
      location /own/ { proxy_set_header Upgrade $http_upgrade; add_header X-Own 1; }
    }`);

  it('inherits a directive from the nearest level that sets it', () => {
    const names = (location: string, name: string) => effectiveDirectives(conf, locationBlock(conf, location), name).map((d) => d.args[0]);
    expect(names('/inherits/', 'proxy_set_header')).toEqual(['Host', 'X-Forwarded-For']);
    expect(names('/inherits/', 'add_header')).toEqual(['X-Http']);
  });

  it('drops what it would inherit once a level sets its own, as nginx does', () => {
    const names = (name: string) => effectiveDirectives(conf, locationBlock(conf, '/own/'), name).map((d) => d.args[0]);
    expect(names('proxy_set_header')).toEqual(['Upgrade']);
    expect(names('add_header')).toEqual(['X-Own']);
  });
});

describe('locationFor', () => {
  const [server] = findAll(
    parseNginxConf(`
    server {
      location = /exact { return 200; }
      location ^~ /static/ { return 201; }
      location ~ ^/(a|b)z$ { return 202; }
      location ~* \\.PNG$ { return 203; }
      location /static/deep/ { return 204; }
      location / { return 205; }
    }`),
    'server',
  );
  const pick = (uri: string) => directivesIn(locationFor(server!, uri), 'return')[0]?.args[0];

  it('picks locations in nginx order', () => {
    expect(pick('/exact')).toBe('200');
    expect(pick('/exact/more')).toBe('205');
    expect(pick('/az')).toBe('202');
    expect(pick('/static/deep/x.png')).toBe('203'); // a regex beats a plain prefix
    expect(pick('/static/x.png')).toBe('201'); // but not a ^~ prefix
    expect(pick('/anything')).toBe('205');
  });
});
