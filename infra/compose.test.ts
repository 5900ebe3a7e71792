/**
 * Docker cannot run on this machine, so the deployment files are checked by reading them:
 * docker-compose.yml, the Dockerfiles, .dockerignore and the nginx site. Each check names a way the
 * stack would break (or be unsafe) at `docker compose up` time.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UPLOAD } from '@pog/common';
import { KNOWN_ENV_VARS, parseEnv } from '@pog/common/server';
import {
  commandOf,
  containerEnvironment,
  dependenciesOf,
  environmentOf,
  InterpolationError,
  loadComposeFile,
  type ComposeService,
} from './checks/compose-file';
import { copyParts, finalUser, isDockerIgnored, parseDockerfile, resolvedBase, type Dockerfile } from './checks/dockerfile';
import { directivesIn, findAll, locationBlock, parseNginxConf, type Directive } from './checks/nginx-conf';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compose = loadComposeFile(path.join(root, 'docker-compose.yml'));
const services = compose.services;
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
const nginx = parseNginxConf(readFileSync(path.join(root, 'infra/nginx.conf'), 'utf8'));

const APP_DOCKERFILE = 'infra/app.Dockerfile';
const WEB_DOCKERFILE = 'infra/web.Dockerfile';
/** Variables that the third-party images themselves read; anything else would be a typo. */
const IMAGE_ENV: Record<string, string[]> = {
  postgres: ['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB'],
  redis: [],
};
/** What a developer puts in .env; the checks interpolate the file with these. */
const HOST_VARS = { SESSION_SECRET: 'a-local-secret-of-sufficient-length' };

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no "${name}" service`);
  return found;
}

function dockerfileOf(s: ComposeService): string | undefined {
  if (!s.build) return undefined;
  const build = typeof s.build === 'string' ? { context: s.build } : s.build;
  return path.join(build.context ?? '.', build.dockerfile ?? 'Dockerfile');
}

function readDockerfile(relative: string): Dockerfile {
  return parseDockerfile(readFileSync(path.join(root, relative), 'utf8'));
}

const appServices = Object.entries(services).filter(([, s]) => dockerfileOf(s) && path.normalize(dockerfileOf(s)!) === APP_DOCKERFILE);
const longRunning = Object.entries(services).filter(([name]) => name !== 'migrate');

/** Command words that name a file of this repository (the image's WORKDIR is the repo root). */
function repoFilesIn(words: string[]): string[] {
  return words.filter((w) => /^[\w.-]+(\/[\w.-]+)+\.(m?[jt]s|tsx?)$/.test(w));
}

function isFile(relative: string): boolean {
  const full = path.join(root, relative);
  return existsSync(full) && statSync(full).isFile();
}

/** Files under a repo folder, as repo-relative paths (node_modules skipped). */
function filesUnder(relative: string): string[] {
  return readdirSync(path.join(root, relative), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

/** The repo files a TypeScript module imports by relative path (extensionless, as the repo writes them). */
function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = path.join(path.dirname(file), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    return candidates.filter(isFile).slice(0, 1);
  });
}

describe('docker-compose.yml: services', () => {
  it('has every service of the distributed deployment', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'migrate', 'gateway', 'worker', 'web']));
  });

  it('runs PostgreSQL 17 and Redis 7 with persistent volumes', () => {
    expect(service('postgres').image).toMatch(/^postgres:17([.-]|$)/);
    expect(service('redis').image).toMatch(/^redis:7([.-]|$)/);
    for (const name of ['postgres', 'redis']) {
      const volumes = (service(name).volumes ?? []).map(String);
      expect(volumes.some((v) => Object.keys(compose.volumes ?? {}).includes(v.split(':')[0]!)), name).toBe(true);
    }
  });

  it('keeps Redis durable and never evicts (queued jobs live there)', () => {
    const command = commandOf(service('redis').command).join(' ');
    expect(command).toMatch(/--appendonly yes\b/);
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
  });

  it('gives the app containers only variables the config schema knows', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['gateway', 'migrate', 'worker']);
    for (const [name, s] of appServices) {
      const unknown = Object.keys(environmentOf(s)).filter((v) => !(KNOWN_ENV_VARS as string[]).includes(v));
      expect(unknown, `${name} sets variables the app never reads`).toEqual([]);
    }
  });

  it('gives the other containers only variables their image reads', () => {
    for (const [name, s] of Object.entries(services)) {
      if (appServices.some(([app]) => app === name)) continue;
      const family = (s.image ?? '').split(/[:@]/)[0]!.split('/').pop()!;
      const allowed = IMAGE_ENV[family] ?? [];
      expect(Object.keys(environmentOf(s)).filter((v) => !allowed.includes(v)), name).toEqual([]);
    }
  });

  it('produces an environment the app accepts, in production mode, with the right SERVICES', () => {
    for (const [name, s] of appServices) {
      const env = containerEnvironment(s, HOST_VARS);
      expect(env.NODE_ENV, name).toBe('production');
      expect(() => parseEnv(env), name).not.toThrow();
    }
    expect(parseEnv(containerEnvironment(service('gateway'), HOST_VARS)).SERVICES).toEqual(['gateway']);
    expect(parseEnv(containerEnvironment(service('worker'), HOST_VARS)).SERVICES).toEqual(['worker']);
  });

  it('has no built-in session secret: compose refuses to start without one', () => {
    for (const [name, s] of appServices) {
      expect(() => containerEnvironment(s, {}), name).toThrow(InterpolationError);
    }
  });

  it('lets gateways and workers scale: no fixed host port, no fixed container name', () => {
    for (const name of ['gateway', 'worker']) {
      expect(service(name).ports ?? [], name).toEqual([]);
      expect(service(name).container_name, name).toBeUndefined();
    }
  });

  it('starts gateways and workers only after a successful migration on healthy data stores', () => {
    for (const name of ['gateway', 'worker']) {
      expect(dependenciesOf(service(name)), name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(dependenciesOf(service('migrate'))).toMatchObject({ postgres: { condition: 'service_healthy' } });
    expect(service('migrate').restart).toBe('no');
  });

  it('shares one DATA_DIR volume between gateways and workers (uploads written by one, served by the other)', () => {
    const dataVolume = (name: string) => {
      const dataDir = environmentOf(service(name)).DATA_DIR;
      return (service(name).volumes ?? []).map(String).find((v) => v.split(':')[1] === dataDir)?.split(':')[0];
    };
    expect(dataVolume('gateway')).toBeDefined();
    expect(dataVolume('worker')).toBe(dataVolume('gateway'));
  });

  it('has a health check on every long-running service', () => {
    for (const [name, s] of longRunning) {
      expect(s.healthcheck?.disable, name).not.toBe(true);
      expect(commandOf(s.healthcheck?.test).length, name).toBeGreaterThan(1);
    }
  });

  it('runs commands and health checks that exist in the repository', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const file of repoFilesIn([...commandOf(s.command), ...commandOf(s.healthcheck?.test)])) {
        expect(isFile(file), `${name}: ${file}`).toBe(true);
      }
    }
    expect(commandOf(service('migrate').command)).toContain('gateway/src/migrate.ts');
    expect(commandOf(service('gateway').command)).toContain('gateway/src/main.ts');
  });

  it('publishes only the web entry point, on the port nginx listens on', () => {
    const published = Object.entries(services).filter(([, s]) => (s.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['web']);
    const containerPort = String(service('web').ports![0]).split(':').pop();
    const listens = findAll(nginx, 'listen').map((l) => l.args[0]!.split(':').pop());
    expect(listens).toContain(containerPort);
  });
});

describe('Dockerfiles', () => {
  const built = Object.entries(services).filter(([, s]) => s.build);

  it('exist at the build paths compose names', () => {
    expect(built.length).toBeGreaterThan(0);
    for (const [name, s] of built) {
      const build = typeof s.build === 'string' ? { context: s.build } : s.build!;
      expect(existsSync(path.join(root, build.context ?? '.')), `${name} context`).toBe(true);
      expect(isFile(dockerfileOf(s)!), `${name} dockerfile`).toBe(true);
    }
  });

  it.each([APP_DOCKERFILE, WEB_DOCKERFILE])('%s is multi-stage, non-root, health-checked, and installs with npm install', (file) => {
    const dockerfile = readDockerfile(file);
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const last = dockerfile.stages[dockerfile.stages.length - 1]!;
    expect(['', 'root', '0']).not.toContain(finalUser(last));
    expect(last.instructions.some((i) => i.keyword === 'HEALTHCHECK')).toBe(true);
    const runs = dockerfile.stages.flatMap((s) => s.instructions).filter((i) => i.keyword === 'RUN').map((i) => i.rest);
    expect(runs.some((r) => /\bnpm install\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(false);
  });

  it.each([APP_DOCKERFILE, WEB_DOCKERFILE])('%s copies only files that exist and that .dockerignore lets through', (file) => {
    const dockerfile = readDockerfile(file);
    for (const stage of dockerfile.stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY').map(copyParts)) {
        if (copy.flags.from) continue;
        for (const source of copy.sources) {
          expect(existsSync(path.join(root, source)), `${file}: COPY ${source}`).toBe(true);
          expect(isDockerIgnored(source, dockerignore), `${file}: COPY ${source} is in .dockerignore`).toBe(false);
        }
      }
    }
  });

  it('puts every file the app services run into the app image', () => {
    const runtime = readDockerfile(APP_DOCKERFILE).stages.at(-1)!;
    const copied = runtime.instructions
      .filter((i) => i.keyword === 'COPY')
      .map(copyParts)
      .filter((c) => !c.flags.from)
      .flatMap((c) => c.sources);
    const healthcheck = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.exec ?? [];
    const cmd = runtime.instructions.find((i) => i.keyword === 'CMD')?.exec ?? [];
    const needed = [
      ...appServices.flatMap(([, s]) => repoFilesIn([...commandOf(s.command), ...commandOf(s.healthcheck?.test)])),
      ...repoFilesIn([...healthcheck, ...cmd]),
    ];
    expect(needed.length).toBeGreaterThan(0);
    for (const file of needed) {
      expect(copied.some((source) => file === source || file.startsWith(source.replace(/\/?$/, '/'))), file).toBe(true);
      expect(isFile(file), file).toBe(true);
    }
  });

  it('leaves out of the app image only tests and files that no shipped module imports', () => {
    const runtime = readDockerfile(APP_DOCKERFILE).stages.at(-1)!;
    const copiedDirs = runtime.instructions
      .filter((i) => i.keyword === 'COPY')
      .map(copyParts)
      .filter((c) => !c.flags.from)
      .flatMap((c) => c.sources)
      .filter((source) => existsSync(path.join(root, source)) && statSync(path.join(root, source)).isDirectory());
    expect(copiedDirs).toEqual(expect.arrayContaining(['common/src', 'gateway/src', 'worker/src']));
    const shipped = copiedDirs.flatMap((dir) => filesUnder(dir)).filter((f) => !isDockerIgnored(f, dockerignore));
    expect(shipped).toContain('gateway/src/main.ts');
    expect(shipped.some((f) => f.endsWith('.sql')), 'the SQL migrations are shipped').toBe(true);
    for (const file of shipped.filter((f) => /\.tsx?$/.test(f))) {
      for (const target of relativeImports(file)) {
        expect(isDockerIgnored(target, dockerignore), `${file} imports ${target}, which .dockerignore leaves out`).toBe(false);
      }
    }
  });

  it('serves the web app with an unprivileged nginx that re-resolves upstream names (>= 1.27.3)', () => {
    const dockerfile = readDockerfile(WEB_DOCKERFILE);
    const base = resolvedBase(dockerfile, dockerfile.stages.at(-1)!);
    expect(base).toMatch(/nginx-unprivileged:/);
    const [major = 0, minor = 0] = (/:(\d+)\.(\d+)/.exec(base) ?? []).slice(1).map(Number);
    expect(major * 1000 + minor).toBeGreaterThanOrEqual(1028);
  });

  it('keeps dependencies and local state out of the build context', () => {
    for (const p of ['node_modules/x', 'web/node_modules/x', 'web/dist/index.html', '.env', '.git/HEAD', 'data/uploads/a.jpg']) {
      expect(isDockerIgnored(p, dockerignore), p).toBe(true);
    }
  });
});

describe('infra/docker/server-manifest.mjs (app image install)', () => {
  it('keeps tsx as a runtime dependency and drops the web workspace', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pog-manifest-'));
    try {
      const file = path.join(dir, 'package.json');
      copyFileSync(path.join(root, 'package.json'), file);
      execFileSync(process.execPath, [path.join(root, 'infra/docker/server-manifest.mjs'), file]);
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string>; workspaces: string[]; devDependencies?: unknown };
      expect(manifest.dependencies?.tsx).toBeDefined();
      expect(manifest.workspaces).not.toContain('web');
      expect(manifest.devDependencies).toBeUndefined();
      // The Dockerfile copies exactly the manifests of the workspaces that remain.
      const copied = readDockerfile(APP_DOCKERFILE).stages[0]!.instructions.filter((i) => i.keyword === 'COPY').flatMap((i) => copyParts(i).sources);
      for (const workspace of manifest.workspaces) expect(copied).toContain(`${workspace}/package.json`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('infra/nginx.conf', () => {
  const upstreams = new Map(findAll(nginx, 'upstream').map((u) => [u.args[0]!, u]));
  const gatewayPort = containerEnvironment(service('gateway'), HOST_VARS).PORT;

  function upstreamOf(location: Directive | undefined): Directive | undefined {
    const target = directivesIn(location, 'proxy_pass')[0]?.args[0];
    return target ? upstreams.get(target.replace(/^https?:\/\//, '').replace(/\/.*$/, '')) : undefined;
  }

  function header(location: Directive | undefined, name: string): string | undefined {
    return directivesIn(location, 'proxy_set_header').find((d) => d.args[0]?.toLowerCase() === name.toLowerCase())?.args[1];
  }

  it.each(['/api/', '/socket.io/', '/uploads/'])('proxies %s to every gateway replica', (prefix) => {
    const upstream = upstreamOf(locationBlock(nginx, prefix));
    expect(upstream, `${prefix} has no proxy_pass to an upstream`).toBeDefined();
    const servers = directivesIn(upstream, 'server');
    expect(servers.map((s) => s.args[0])).toEqual([`gateway:${gatewayPort}`]);
    // `resolve` re-reads the replica list from Docker DNS; it needs a shared-memory zone.
    expect(servers.every((s) => s.args.includes('resolve'))).toBe(true);
    expect(directivesIn(upstream, 'zone')).toHaveLength(1);
  });

  it('resolves names through Docker DNS', () => {
    expect(findAll(nginx, 'resolver')[0]?.args[0]).toBe('127.0.0.11');
  });

  it('upgrades /socket.io to WebSocket and keeps long-polling clients on one replica', () => {
    const socket = locationBlock(nginx, '/socket.io/');
    expect(directivesIn(socket, 'proxy_http_version')[0]?.args).toEqual(['1.1']);
    expect(header(socket, 'Upgrade')).toBe('$http_upgrade');
    const connection = header(socket, 'Connection');
    const map = findAll(nginx, 'map').find((m) => m.args[0] === '$http_upgrade' && m.args[1] === connection);
    expect(map, 'Connection must come from a map over $http_upgrade').toBeDefined();
    const upstream = upstreamOf(socket);
    expect([...directivesIn(upstream, 'ip_hash'), ...directivesIn(upstream, 'hash')]).toHaveLength(1);
  });

  it('forwards the browser host and scheme, which the gateway checks against Origin', () => {
    for (const prefix of ['/api/', '/socket.io/']) {
      const location = locationBlock(nginx, prefix);
      expect(header(location, 'Host'), prefix).toBe('$http_host');
      expect(header(location, 'X-Forwarded-For'), prefix).toBe('$proxy_add_x_forwarded_for');
      expect(header(location, 'X-Forwarded-Proto'), prefix).toBeDefined();
    }
    expect(containerEnvironment(service('gateway'), HOST_VARS).TRUST_PROXY).toBe('true');
  });

  it('answers client-side routes with index.html', () => {
    const tryFiles = directivesIn(locationBlock(nginx, '/'), 'try_files')[0]?.args ?? [];
    expect(tryFiles.at(-1)).toBe('/index.html');
  });

  it('accepts uploads up to the game limit', () => {
    const size = findAll(nginx, 'client_max_body_size')[0]?.args[0] ?? '1m';
    const [, amount = '0', unit = ''] = /^(\d+)([kmg]?)$/i.exec(size) ?? [];
    const bytes = Number(amount) * ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase()] ?? 1);
    expect(bytes).toBeGreaterThan(UPLOAD.maxBytes);
  });
});
