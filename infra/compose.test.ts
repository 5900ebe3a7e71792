/**
 * Docker cannot run on this machine, so the deployment files are checked by reading them:
 * docker-compose.yml, the Dockerfiles, .dockerignore and the nginx site. Each check names a way the
 * stack would break (or be unsafe) at `docker compose up` time.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD } from '@pog/common';
import { KNOWN_ENV_VARS, parseEnv } from '@pog/domain/config';
import {
  commandOf,
  containerEnvironment,
  dependenciesOf,
  environmentOf,
  InterpolationError,
} from './checks/compose-file';
import {
  APP_DOCKERFILE,
  appServices,
  compose,
  dockerfileOf,
  dockerignore,
  filesUnder,
  HOST_VARS,
  isFile,
  nginx,
  nginxMain,
  readDockerfile,
  repoFilesIn,
  root,
  service,
  services,
  WEB_DOCKERFILE,
} from './checks/deployment';
import { copyParts, finalUser, isDockerIgnored, resolvedBase } from './checks/dockerfile';
import { SECURITY_HEADERS } from '../gateway/src/http/security-headers';
import { directivesIn, effectiveDirectives, findAll, locationBlock, locationFor, type Directive } from './checks/nginx-conf';
import { NGINX_BINARY, nginxSyntaxErrors } from './testing/nginx';

/** Variables that the third-party images themselves read; anything else would be a typo. */
const IMAGE_ENV: Record<string, string[]> = {
  postgres: ['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB'],
  redis: [],
};
/** Services with a profile are one-off operator commands (backup, restore), not part of `up`. */
const longRunning = Object.entries(services).filter(([name, s]) => name !== 'migrate' && !s.profiles?.length);

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
      // The operator commands (backup, restore) are checked against their scripts in operations.test.ts.
      if (appServices.some(([app]) => app === name) || s.profiles?.length) continue;
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
    expect(commandOf(service('migrate').command)).toContain('server/src/migrate.ts');
    expect(commandOf(service('gateway').command)).toContain('server/src/main.ts');
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
    expect(copiedDirs).toEqual(expect.arrayContaining(['common/src', 'domain/src', 'gateway/src', 'worker/src', 'server/src']));
    const shipped = copiedDirs.flatMap((dir) => filesUnder(dir)).filter((f) => !isDockerIgnored(f, dockerignore));
    expect(shipped).toContain('server/src/main.ts');
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

  it("gives the web image's nginx its own main configuration, with room for thousands of live sockets", () => {
    const copies = readDockerfile(WEB_DOCKERFILE).stages.at(-1)!.instructions.filter((i) => i.keyword === 'COPY').map(copyParts);
    const destinationOf = (source: string) => copies.find((c) => c.sources.includes(source))?.destination;
    expect(destinationOf('infra/nginx-main.conf')).toBe('/etc/nginx/nginx.conf');
    expect(destinationOf('infra/nginx.conf')).toBe('/etc/nginx/conf.d/default.conf');
    expect(findAll(nginxMain, 'include').map((d) => d.args[0])).toContain('/etc/nginx/conf.d/*.conf');
    const number = (name: string) => Number(findAll(nginxMain, name)[0]?.args[0]);
    // A live socket is two connections (the browser's and the gateway's).
    expect(number('worker_connections')).toBeGreaterThanOrEqual(8192);
    // Every connection is an open file, which the container's limit must allow.
    expect(number('worker_rlimit_nofile')).toBeGreaterThanOrEqual(number('worker_connections'));
    const nofile = service('web').ulimits?.nofile;
    expect(typeof nofile === 'number' ? nofile : nofile?.soft).toBeGreaterThanOrEqual(number('worker_rlimit_nofile'));
    // A fixed number of workers: `auto` is one per host CPU, however little of it the service may use.
    expect(findAll(nginxMain, 'worker_processes')[0]?.args).toEqual([expect.stringMatching(/^\d+$/)]);
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

  /** A `proxy_pass http://$variable` target chosen by a map: each value of the map, by what it is matched on. */
  function upstreamsByMap(location: Directive | undefined): { source: string; byValue: Map<string, Directive | undefined> } | undefined {
    const variable = /^https?:\/\/(\$\w+)$/.exec(directivesIn(location, 'proxy_pass')[0]?.args[0] ?? '')?.[1];
    const map = findAll(nginx, 'map').find((m) => m.args[1] === variable);
    if (!map) return undefined;
    return { source: map.args[0]!, byValue: new Map((map.block ?? []).map((d) => [d.name, upstreams.get(d.args[0] ?? '')])) };
  }

  /** The value a proxied request gets, inherited from the server level as nginx does. */
  function header(location: Directive | undefined, name: string): string | undefined {
    return effectiveDirectives(nginx, location, 'proxy_set_header').find((d) => d.args[0]?.toLowerCase() === name.toLowerCase())?.args[1];
  }

  // Debian's nginx (1.22) lacks the image's `resolve` upstream parameter, so the gateway names are
  // pointed at this machine first (localSite), as infra/nginx.test.ts does.
  it.skipIf(!NGINX_BINARY)('is a site nginx itself accepts (nginx -t), and nginx -t refuses a broken copy', () => {
    expect(nginxSyntaxErrors()).toBeNull();
    expect(nginxSyntaxErrors((site) => site.replace(/(proxy_pass[^;]*);/, '$1'))).toMatch(/\[emerg\] .*unexpected "}"/);
  });

  it.each(['/api/', '/socket.io/', '/uploads/', '/pog/'])('proxies %s to every gateway replica', (prefix) => {
    const location = locationBlock(nginx, prefix);
    const reached = [upstreamOf(location), ...(upstreamsByMap(location)?.byValue.values() ?? [])].filter((u) => u !== undefined);
    expect(reached.length, `${prefix} has no proxy_pass to an upstream`).toBeGreaterThan(0);
    for (const upstream of reached) {
      const servers = directivesIn(upstream, 'server');
      expect(servers.map((s) => s.args[0])).toEqual([`gateway:${gatewayPort}`]);
      // `resolve` re-reads the replica list from Docker DNS; it needs a shared-memory zone.
      expect(servers.every((s) => s.args.includes('resolve'))).toBe(true);
      expect(directivesIn(upstream, 'zone')).toHaveLength(1);
    }
  });

  it('resolves names through Docker DNS', () => {
    expect(findAll(nginx, 'resolver')[0]?.args[0]).toBe('127.0.0.11');
  });

  it('upgrades /socket.io to WebSocket, sends WebSockets to the least busy replica and keeps long-polling clients on one', () => {
    const socket = locationBlock(nginx, '/socket.io/');
    expect(effectiveDirectives(nginx, socket, 'proxy_http_version')[0]?.args).toEqual(['1.1']);
    expect(header(socket, 'Upgrade')).toBe('$http_upgrade');
    const connection = header(socket, 'Connection');
    const map = findAll(nginx, 'map').find((m) => m.args[0] === '$http_upgrade' && m.args[1] === connection);
    expect(map, 'Connection must come from a map over $http_upgrade').toBeDefined();
    // Socket.IO names its transport in the query: polling needs stickiness, a WebSocket (what the web
    // app uses) does not, and hashing the address would pin everyone behind one NAT to one gateway.
    const chosen = upstreamsByMap(socket);
    expect(chosen?.source).toBe('$arg_transport');
    const polling = chosen!.byValue.get('polling');
    expect([...directivesIn(polling, 'ip_hash'), ...directivesIn(polling, 'hash')]).toHaveLength(1);
    const websocket = chosen!.byValue.get('default');
    expect(directivesIn(websocket, 'least_conn')).toHaveLength(1);
    expect(directivesIn(websocket, 'hash')).toEqual([]);
  });

  it('passes a request id to the gateways: a sane one the request brought, else one nginx makes, and logs it', () => {
    const location = locationBlock(nginx, '/api/');
    const variable = header(location, 'X-Request-Id');
    const map = findAll(nginx, 'map').find((m) => m.args[0] === '$http_x_request_id' && m.args[1] === variable);
    expect(map, 'X-Request-Id must come from a map over $http_x_request_id').toBeDefined();
    expect(directivesIn(map, 'default')[0]?.args).toEqual(['$request_id']);
    // The access log names it and the client address (the format nginx.test.ts reads).
    const access = findAll(nginx, 'access_log').find((d) => d.args[0] !== 'off');
    const format = findAll(nginx, 'log_format').find((d) => d.args[0] === access?.args[1]);
    expect(format?.args.join(' ')).toContain(variable);
    expect(format?.args.join(' ')).toContain('$remote_addr');
  });

  it('forwards the browser host and scheme, which the gateway checks against Origin', () => {
    for (const prefix of ['/api/', '/socket.io/', '/uploads/']) {
      const location = locationBlock(nginx, prefix);
      expect(header(location, 'Host'), prefix).toBe('$http_host');
      expect(header(location, 'X-Forwarded-Proto'), prefix).toBeDefined();
    }
  });

  it('tells the gateways the connecting address, never what the client wrote, and they trust one hop', () => {
    const proxied = findAll(nginx, 'location').filter((l) => directivesIn(l, 'proxy_pass').length > 0);
    expect(proxied.length).toBeGreaterThanOrEqual(4);
    for (const location of proxied) {
      // $proxy_add_x_forwarded_for would append to the client's own header, whose first entry it chooses.
      expect(header(location, 'X-Forwarded-For'), location.args.join(' ')).toBe('$remote_addr');
      expect(header(location, 'X-Real-IP'), location.args.join(' ')).toBe('$remote_addr');
    }
    expect(containerEnvironment(service('gateway'), HOST_VARS).TRUST_PROXY).toBe('1');
  });

  const site = findAll(nginx, 'server').find((d) => d.block)!;
  const responseHeader = (uri: string, name: string) =>
    effectiveDirectives(nginx, locationFor(site, uri), 'add_header').find((d) => d.args[0]?.toLowerCase() === name.toLowerCase())?.args[1];

  it.each(['/livez', '/readyz', '/healthz'])('passes %s to a gateway (not the SPA fallback)', (uri) => {
    expect(upstreamOf(locationFor(site, uri))?.args[0]).toBe('gateway_http');
    expect(locationFor(site, `${uri}/x`)).toBe(locationBlock(nginx, '/'));
  });

  it.each(['/metrics', '/metrics/', '/metrics/anything'])('answers %s with 404: metrics are not public', (uri) => {
    const location = locationFor(site, uri);
    expect(directivesIn(location, 'return')[0]?.args).toEqual(['404']);
    expect(directivesIn(location, 'proxy_pass')).toEqual([]);
  });

  it('caches hashed assets for a year and index.html never without asking again', () => {
    expect(responseHeader('/assets/index-B3kx9a.js', 'Cache-Control')).toBe('public, max-age=31536000, immutable');
    for (const uri of ['/', '/index.html', '/collection']) expect(responseHeader(uri, 'Cache-Control'), uri).toBe('no-cache');
  });

  it('serves the precompressed files the web image builds, and the image builds only what its nginx serves', () => {
    for (const uri of ['/assets/index-B3kx9a.js', '/index.html']) {
      expect(effectiveDirectives(nginx, locationFor(site, uri), 'gzip_static')[0]?.args, uri).toEqual(['on']);
    }
    const build = readDockerfile(WEB_DOCKERFILE).stages[0]!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.rest);
    const step = build.map((r) => /npm run build[\s\S]*node infra\/docker\/precompress\.mjs web\/dist((?: [a-z]+)*)\s*$/.exec(r)).find(Boolean);
    expect(step, 'the build precompresses web/dist').toBeDefined();
    // The nginx image has gzip_static but no brotli module: .br files would never be sent.
    expect(step![1]!.trim().split(/\s+/)).toEqual(['gz']);
    expect(findAll(nginx, 'brotli_static')).toEqual([]);
  });

  it('sends the gateways\' security headers on every answer, once', () => {
    const proxiedHeaders = findAll(nginx, 'proxy_hide_header').map((d) => d.args[0]!.toLowerCase());
    for (const uri of ['/', '/collection', '/assets/index-B3kx9a.js', '/api/pogs', '/socket.io/', '/uploads/a.jpg', '/livez', '/nginx-health']) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(responseHeader(uri, name), `${name} on ${uri}`).toBe(value);
        // The gateway's own copy is hidden, so a proxied answer does not carry the header twice.
        expect(proxiedHeaders, name).toContain(name.toLowerCase());
      }
    }
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
