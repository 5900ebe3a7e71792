import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, KNOWN_ENV_VARS, loadConfig, parseEnv, resolveSecretFiles } from './config';
import { scratchDir } from './testing/scratch-dir';

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
    const dataDir = scratchDir('pog-config-');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir,
      databaseUrl: undefined,
      redisUrl: undefined,
      services: ['gateway', 'worker'],
      publicOrigins: undefined,
      pgliteThread: true,
      production: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PGLITE_THREAD: 'false' }).pgliteThread).toBe(false);
    // The generated session secret is kept, so restarts keep sessions.
    expect(config.sessionKeys).toEqual([readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()]);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionKeys).toEqual(config.sessionKeys);
  });

  it('reads the log level and the metrics token', () => {
    const dataDir = scratchDir('pog-config-');
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ logLevel: 'info', metricsToken: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', METRICS_TOKEN: 'a-long-scrape-token' })).toMatchObject({ logLevel: 'debug', metricsToken: 'a-long-scrape-token' });
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual([expect.stringMatching(/^LOG_LEVEL: /)]);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
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
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ PUBLIC_ORIGIN: 'https://a.example/path' }, 'PUBLIC_ORIGIN'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET: is required when NODE_ENV=production'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }, 'TRUST_PROXY_HOPS: must be at least 1'],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: 'one' }, 'TRUST_PROXY_HOPS'],
    [{ CONNECTIONS_PER_ADDRESS: '4' }, 'CONNECTIONS_PER_ADDRESS: must be at least 8'],
    [{ SERVICES: 'worker' }, 'REDIS_URL: is required when SERVICES=worker runs on its own'],
    [{ SERVICES: 'worker', REDIS_URL: 'redis://x:6379' }, 'DATABASE_URL: is required when SERVICES=worker runs on its own'],
    // A typo (DATABASE_URI) would leave a gateway on an embedded database of its own, handing jobs
    // about rows the workers' PostgreSQL does not have.
    [{ SERVICES: 'gateway', REDIS_URL: 'redis://x:6379', DATABASE_URI: 'postgres://db/pog' }, 'DATABASE_URL: is required when SERVICES=gateway runs on its own'],
    [{ SERVICES: 'gateway', DATABASE_URL: 'postgres://db/pog' }, 'REDIS_URL: is required when SERVICES=gateway runs on its own'],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(16), REDIS_URL: 'redis://x:6379' }, 'DATABASE_URL: is required when REDIS_URL is set in production'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: must be at least 1'],
    [{ DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE'],
    [{ REPORTS_TO_HIDE: '0' }, 'REPORTS_TO_HIDE: must be at least 1 (players)'],
    [{ REPORTS_TO_HIDE: '2.5' }, 'REPORTS_TO_HIDE: must be a whole number of players'],
    [{ REPORTS_TO_HIDE: 'three' }, 'REPORTS_TO_HIDE'],
  ])('refuses %j naming %s', (env, expected) => {
    expect(problemsOf(env).join('\n')).toContain(expected);
  });

  it('takes an empty variable for its default', () => {
    const dataDir = scratchDir('pog-config-');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: '', PORT: '', SERVICES: ' ', DATABASE_URL: '', REDIS_URL: '', DATABASE_POOL_SIZE: '', TRUST_PROXY: '', METRICS_TOKEN: '' });
    expect(config).toMatchObject({ logLevel: 'info', port: 3000, services: ['gateway', 'worker'], databaseUrl: undefined, redisUrl: undefined, databasePoolSize: 10, trustProxy: false, metricsToken: undefined });
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it('hides a POG at 3 distinct reporters unless REPORTS_TO_HIDE says otherwise', () => {
    const dataDir = scratchDir('pog-config-');
    expect(loadConfig({ DATA_DIR: dataDir }).reportsToHide).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, REPORTS_TO_HIDE: '1' }).reportsToHide).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, REPORTS_TO_HIDE: '' }).reportsToHide).toBe(3);
  });

  it('accepts the shapes a deployment uses', () => {
    const base = { SESSION_SECRET: 'a'.repeat(16) };
    const shapes: Array<Record<string, string>> = [
      {},
      { DATABASE_URL: 'postgres://db/pog' },
      { DATABASE_URL: 'postgres://db/pog', REDIS_URL: 'redis://x:6379', SERVICES: 'gateway' },
      { DATABASE_URL: 'postgres://db/pog', REDIS_URL: 'redis://x:6379', SERVICES: 'worker' },
      { DATABASE_URL: 'postgres://db/pog', REDIS_URL: 'redis://x:6379', NODE_ENV: 'production' },
    ];
    for (const env of shapes) {
      expect(problemsOf({ ...base, ...env }), JSON.stringify(env)).toEqual([]);
    }
  });

  it('trusts proxy hops only behind a proxy, one by default', () => {
    const dataDir = scratchDir('pog-config-');
    expect(loadConfig({ DATA_DIR: dataDir }).proxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).proxyHops).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).proxyHops).toBe(2);
  });

  it('limits the connections of each client address only when no proxy stands in front, 256 by default', () => {
    const dataDir = scratchDir('pog-config-');
    expect(loadConfig({ DATA_DIR: dataDir }).connectionsPerAddress).toBe(256);
    expect(loadConfig({ DATA_DIR: dataDir, CONNECTIONS_PER_ADDRESS: '1000' }).connectionsPerAddress).toBe(1000);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', CONNECTIONS_PER_ADDRESS: '1000' }).connectionsPerAddress).toBeUndefined();
  });

  it('lists every variable it knows, for the compose check', () => {
    expect(KNOWN_ENV_VARS).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'SERVICES', 'SESSION_SECRET', 'ADMIN_PASSWORD', 'PUBLIC_ORIGIN', 'ANTHROPIC_API_KEY', 'ANTHROPIC_MODEL', 'ANTHROPIC_BASE_URL']));
  });
});

describe('secrets from files (*_FILE)', () => {
  const secretDir = () => scratchDir('pog-secrets-');

  it('reads each secret from its file, trailing line break trimmed', () => {
    const dir = secretDir();
    const file = (name: string, content: string) => {
      const full = path.join(dir, name);
      writeFileSync(full, content);
      return full;
    };
    const config = loadConfig({
      DATA_DIR: dir,
      SESSION_SECRET_FILE: file('session', 'k'.repeat(20) + ',' + 'old'.repeat(8) + '\n'),
      ADMIN_PASSWORD_FILE: file('admin', 'correct horse battery staple\r\n'),
      DATABASE_URL_FILE: file('db', 'postgres://pog:s3cret@db:5432/pog\n'),
      ANTHROPIC_API_KEY_FILE: file('anthropic', 'sk-ant-test'),
    });
    expect(config.sessionKeys).toEqual(['k'.repeat(20), 'old'.repeat(8)]);
    expect(config.adminPassword).toBe('correct horse battery staple');
    expect(config.databaseUrl).toBe('postgres://pog:s3cret@db:5432/pog');
    expect(config.anthropic.apiKey).toBe('sk-ant-test');
    // METRICS_TOKEN is resolved the same way, for the metrics endpoint to read.
    expect(resolveSecretFiles({ METRICS_TOKEN_FILE: file('metrics', 'scrape-me\n') })).toEqual({ METRICS_TOKEN: 'scrape-me' });
  });

  it('validates a secret read from a file like one set directly', () => {
    const dir = secretDir();
    writeFileSync(path.join(dir, 'db'), 'mysql://nope\n');
    expect(problemsOf({ DATABASE_URL_FILE: path.join(dir, 'db') }).join('\n')).toContain('DATABASE_URL: must be a URL');
  });

  it('reads each file once, at start-up', () => {
    const reads: string[] = [];
    resolveSecretFiles({ ADMIN_PASSWORD_FILE: '/run/secrets/admin' }, (file) => {
      reads.push(file);
      return 'pw\n';
    });
    expect(reads).toEqual(['/run/secrets/admin']);
  });

  it.each([
    [{ SESSION_SECRET: 'a'.repeat(16), SESSION_SECRET_FILE: '/run/secrets/session' }, 'SESSION_SECRET_FILE: SESSION_SECRET is set too; set only one of them'],
    [{ ADMIN_PASSWORD_FILE: '/nonexistent/admin' }, 'ADMIN_PASSWORD_FILE: cannot read /nonexistent/admin (ENOENT)'],
  ])('refuses %j: %s', (env, expected) => {
    expect(problemsOf(env)).toEqual([expected]);
  });

  it('refuses an empty secret file', () => {
    const dir = secretDir();
    writeFileSync(path.join(dir, 'token'), '\n');
    expect(problemsOf({ METRICS_TOKEN_FILE: path.join(dir, 'token') })).toEqual([`METRICS_TOKEN_FILE: ${path.join(dir, 'token')} is empty`]);
  });

  it('lists the *_FILE forms among the known variables', () => {
    expect(KNOWN_ENV_VARS).toEqual(expect.arrayContaining(['SESSION_SECRET_FILE', 'ADMIN_PASSWORD_FILE', 'DATABASE_URL_FILE', 'ANTHROPIC_API_KEY_FILE', 'METRICS_TOKEN_FILE']));
  });
});
