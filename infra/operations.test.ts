/**
 * What an operator meets in docker-compose.yml beyond the services themselves: a first start that
 * works, required secrets, bounded logs and resources, health checks that ask the processes, the
 * backup and restore commands, and the operator commands docs/operations.md promises. Docker cannot
 * run here, so these read the files (the scripts themselves run in infra/ops/backup.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandOf, containerEnvironment, environmentOf, InterpolationError } from './checks/compose-file';
import { appImageFiles, appServices, HOST_VARS, isFile, root, service, services } from './checks/deployment';

const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const opsServices = Object.entries(services).filter(([, s]) => s.profiles?.includes('ops'));

function bytes(size: string): number {
  const [, amount = '0', unit = ''] = /^(\d+(?:\.\d+)?)\s*([kmg]?)b?$/i.exec(size.trim()) ?? [];
  return Number(amount) * ({ '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase()] ?? 1);
}

describe('docker-compose.yml: a first start that works', () => {
  it('calls PostgreSQL healthy only when it accepts TCP connections for the app user and database', () => {
    const test = commandOf(service('postgres').healthcheck?.test);
    const env = containerEnvironment(service('postgres'), HOST_VARS);
    const option = (flag: string) => test[test.indexOf(flag) + 1];
    expect(test.slice(0, 2)).toEqual(['CMD', 'pg_isready']);
    // Not the Unix socket: the image's temporary set-up server listens only there.
    expect(option('-h')).toBe('127.0.0.1');
    expect(option('-U')).toBe(env.POSTGRES_USER);
    expect(option('-d')).toBe(env.POSTGRES_DB);
  });

  it.each(['POSTGRES_PASSWORD', 'SESSION_SECRET'])('refuses to start without %s, saying so, and has no default for it', (name) => {
    const without = { ...HOST_VARS, [name]: undefined };
    const users = Object.entries(services).filter(([, s]) => Object.values(environmentOf(s)).some((v) => v?.includes(`\${${name}`)));
    expect(users.length).toBeGreaterThan(0);
    for (const [serviceName, s] of users) {
      expect(() => containerEnvironment(s, without), serviceName).toThrow(InterpolationError);
      expect(() => containerEnvironment(s, without), serviceName).toThrow(new RegExp(`^${name}: set ${name}`));
    }
    expect(composeText).not.toMatch(new RegExp(`\\$\\{${name}:?-`));
  });

  it('gives the app the password PostgreSQL is set up with', () => {
    const url = new URL(containerEnvironment(service('gateway'), HOST_VARS).DATABASE_URL!);
    const postgres = containerEnvironment(service('postgres'), HOST_VARS);
    expect([url.username, url.password, url.pathname]).toEqual([postgres.POSTGRES_USER, postgres.POSTGRES_PASSWORD, `/${postgres.POSTGRES_DB}`]);
  });
});

describe('docker-compose.yml: logs, resources and health', () => {
  it.each(Object.keys(services))('%s rotates its logs and has CPU and memory limits', (name) => {
    const s = service(name);
    expect(s.logging?.driver).toBe('json-file');
    expect(bytes(String(s.logging?.options?.['max-size']))).toBeGreaterThan(0);
    expect(Number(s.logging?.options?.['max-file'])).toBeGreaterThan(0);
    const limits = s.deploy?.resources?.limits;
    expect(Number(limits?.cpus)).toBeGreaterThan(0);
    expect(bytes(String(limits?.memory))).toBeGreaterThan(0);
  });

  it('keeps Redis full before its container is: maxmemory well under the memory limit', () => {
    const command = commandOf(service('redis').command);
    const maxmemory = bytes(command[command.indexOf('--maxmemory') + 1] ?? '0');
    expect(maxmemory).toBeGreaterThan(0);
    expect(maxmemory).toBeLessThanOrEqual(bytes(service('redis').deploy!.resources!.limits!.memory!) / 2);
  });

  it.each(['gateway', 'worker'])('%s: the health check asks the process for /readyz on the port it listens on, from every interface', (name) => {
    const env = containerEnvironment(service(name), HOST_VARS);
    expect(commandOf(service(name).healthcheck?.test)).toEqual(['CMD', 'node', 'infra/docker/healthcheck.mjs', '/readyz']);
    expect(env.PORT).toBe('3000');
    expect(env.HOST).toBe('0.0.0.0'); // so that Prometheus can scrape /metrics inside the network
    expect((service(name).expose ?? []).map(String)).toContain(env.PORT);
  });
});

describe('docker-compose.yml: backup and restore', () => {
  it('has both, started only on demand', () => {
    expect(opsServices.map(([name]) => name).sort()).toEqual(['backup', 'restore']);
    for (const [name, s] of opsServices) expect(s.restart, name).toBe('no');
  });

  it.each(opsServices.map(([name]) => name))('%s runs the repository script of its name, with the tools of the server version', (name) => {
    const s = service(name);
    const volumes = (s.volumes ?? []).map(String);
    const opsMount = volumes.find((v) => v.startsWith('./infra/ops:'))?.split(':')[1];
    expect(opsMount).toBeDefined();
    expect(commandOf(s.entrypoint)).toEqual(['sh', `${opsMount}/${name}.sh`]);
    expect(isFile(`infra/ops/${name}.sh`)).toBe(true);
    expect(s.image).toBe(service('postgres').image); // pg_dump must not be older than the server
    // Only variables the script (or the libpq tools it runs, which it names) reads.
    const script = readFileSync(path.join(root, 'infra/ops', `${name}.sh`), 'utf8') + readFileSync(path.join(root, 'infra/ops/common.sh'), 'utf8');
    for (const variable of Object.keys(environmentOf(s))) expect(script, variable).toContain(variable);
    // The uploads folder it works on is the app's DATA_DIR/uploads.
    const dataDir = containerEnvironment(service('gateway'), HOST_VARS).DATA_DIR;
    expect(containerEnvironment(s, HOST_VARS).UPLOADS_DIR).toBe(`${dataDir}/uploads`);
    expect(volumes.some((v) => v.split(':')[0] === 'appdata' && v.split(':')[1] === dataDir)).toBe(true);
  });

  it('backs up without being able to change the uploads, into ./backups', () => {
    const volumes = (service('backup').volumes ?? []).map(String);
    expect(volumes).toContain('appdata:/data:ro');
    expect(commandOf(service('backup').command)).toEqual([volumes.find((v) => v.startsWith('./backups:'))!.split(':')[1]]);
  });
});

describe('docs/operations.md: the operator commands exist in the image', () => {
  const docs = ['docs/operations.md', 'README.md'].map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
  const commands = [...docs.matchAll(/docker compose (?:exec|run --rm) (\w+) node --import tsx (\S+)/g)].map(([, name, file]) => ({ name: name!, file: file! }));

  it('documents the in-image set-role command', () => {
    expect(commands.some((c) => c.file === 'server/src/cli/set-role.ts')).toBe(true);
  });

  it('runs each documented command in an app container, on a file the image ships', () => {
    const shipped = appImageFiles();
    expect(commands.length).toBeGreaterThan(0);
    for (const { name, file } of commands) {
      expect(appServices.map(([app]) => app), `${name} runs the app image`).toContain(name);
      expect(shipped, `${file} is in the app image`).toContain(file);
    }
  });

  it('sees the files the image leaves out', () => {
    // The check above could not fail if the list were everything: tests, for one, stay out.
    expect(appImageFiles()).toContain('server/src/main.ts');
    expect(isFile('gateway/src/routes/health.test.ts')).toBe(true);
    expect(appImageFiles()).not.toContain('gateway/src/routes/health.test.ts');
    expect(appImageFiles().some((f) => f.includes('/testing/'))).toBe(false);
  });
});
