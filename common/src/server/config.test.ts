import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, KNOWN_ENV_VARS, loadConfig, parseEnv } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    parseEnv(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('configuration', () => {
  it('has the embedded defaults', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pog-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      redisUrl: undefined,
      services: ['gateway', 'worker'],
      publicOrigins: undefined,
      production: false,
    });
    // The generated session secret is kept, so restarts keep sessions.
    expect(config.sessionKeys).toEqual([readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()]);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionKeys).toEqual(config.sessionKeys);
  });

  it('parses lists', () => {
    const env = parseEnv({ SERVICES: 'worker, gateway', SESSION_SECRET: 'a'.repeat(16) + ',' + 'b'.repeat(16), PUBLIC_ORIGIN: 'https://a.example,http://localhost:5173' });
    expect(env.SERVICES).toEqual(['worker', 'gateway']);
    expect(env.SESSION_SECRET).toHaveLength(2);
    expect(env.PUBLIC_ORIGIN).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SERVICES: 'gateway,cron' }, 'SERVICES'],
    [{ SERVICES: '' }, 'SERVICES'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ PUBLIC_ORIGIN: 'https://a.example/path' }, 'PUBLIC_ORIGIN'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET: is required when NODE_ENV=production'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }, 'TRUST_PROXY_HOPS: must be at least 1'],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: 'one' }, 'TRUST_PROXY_HOPS'],
    [{ SERVICES: 'worker' }, 'REDIS_URL: is required when SERVICES=worker runs on its own'],
    [{ SERVICES: 'worker', REDIS_URL: 'redis://x:6379' }, 'DATABASE_URL: is required when SERVICES=worker runs on its own'],
  ])('refuses %j naming %s', (env, expected) => {
    expect(problemsOf(env).join('\n')).toContain(expected);
  });

  it('trusts proxy hops only behind a proxy, one by default', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pog-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).proxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).proxyHops).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(2);
  });

  it('lists every variable it knows, for the compose check', () => {
    expect(KNOWN_ENV_VARS).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'SERVICES', 'SESSION_SECRET', 'ADMIN_PASSWORD', 'PUBLIC_ORIGIN', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL', 'ANTHROPIC_BASE_URL']));
  });
});
