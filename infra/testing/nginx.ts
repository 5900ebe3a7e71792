/**
 * Runs the project's real infra/nginx.conf, inside the web image's main configuration
 * (infra/nginx-main.conf), in Debian's nginx, as a child process of the test (no daemon, one
 * process, its own prefix and temporary folders, a free port), with the compose names
 * rewritten to local addresses: the `gateway` upstream servers to the given gateway ports, the
 * listen port, the web root and the access log's file. Each request is logged twice: in the site's
 * own JSON format, and in a short one naming the upstream that answered it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from '../../gateway/src/testing/processes';
import { waitFor } from '../../gateway/src/testing/wait';

export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

export interface AccessLine {
  remoteAddr: string;
  request: string;
  status: number;
  /** The gateway that answered, as host:port; '-' when nginx answered itself. */
  upstream: string;
}

/** A line of the site's own access log (infra/nginx.conf's `pog_access` format). */
export interface RequestLine {
  requestId: string;
  clientAddress: string;
  method: string;
  path: string;
  status: number;
  upstream: string;
}

export interface RunningNginx {
  url: string;
  pid: number;
  accessLog(): AccessLine[];
  /** The site's own access log, parsed. */
  requestLog(): RequestLine[];
  output(): string;
  stop(): Promise<void>;
}

type Replacement = string | ((match: string, ...groups: string[]) => string);

function replaceExactly(text: string, pattern: RegExp, replacement: Replacement, expected: number, what: string): string {
  const count = text.match(pattern)?.length ?? 0;
  if (count !== expected) throw new Error(`expected ${expected} ${what}, found ${count}; update infra/testing/nginx.ts`);
  return text.replace(pattern, replacement as string);
}

/** The site with its compose names pointed at this machine; its access log goes to `requestLog`, and also to `accessLog` in the short format. */
export function localSite(gatewayPorts: number[], port: number, webRoot: string, logs: { requestLog: string; accessLog: string }): string {
  let site = readFileSync(path.join(REPO_ROOT, 'infra/nginx.conf'), 'utf8');
  // `resolve` re-reads Docker DNS (nginx >= 1.27.3); fixed local addresses need no resolving.
  const servers = gatewayPorts.map((p) => `server 127.0.0.1:${p};`).join(' ');
  site = replaceExactly(site, /server\s+gateway:3000\s+resolve\s*;/g, servers, 2, 'gateway upstream servers in infra/nginx.conf');
  site = replaceExactly(site, /^(\s*)listen\s+8080\s*;/gm, `$1listen 127.0.0.1:${port};`, 1, 'listen lines in infra/nginx.conf');
  site = replaceExactly(site, /^(\s*)root\s+\/usr\/share\/nginx\/html\s*;/gm, `$1root ${webRoot};`, 1, 'web roots in infra/nginx.conf');
  site = replaceExactly(site, /^(\s*)access_log\s+\/var\/log\/nginx\/access\.log\s+pog_access\s*;/gm, `$1access_log ${logs.requestLog} pog_access;\n$1access_log ${logs.accessLog} probe;`, 1, 'access logs in infra/nginx.conf');
  return site;
}

/**
 * The web image's main configuration (infra/nginx-main.conf) run from `prefix`: in the foreground,
 * one process, its pid, temporary files and site in the prefix, errors to stderr, and the short
 * `probe` log format beside the site's own.
 */
export function localMain(prefix: string): string {
  let main = readFileSync(path.join(REPO_ROOT, 'infra/nginx-main.conf'), 'utf8');
  const what = 'infra/nginx-main.conf';
  main = replaceExactly(main, /^pid\s+\S+;/gm, `daemon off;\nmaster_process off;\npid ${prefix}/nginx.pid;`, 1, `pid lines in ${what}`);
  main = replaceExactly(main, /^error_log\s+[^;]+;/gm, 'error_log stderr warn;', 1, `error_log lines in ${what}`);
  main = replaceExactly(main, /(_temp_path\s+)\/tmp\/(\w+)_temp;/g, (_match, directive, name) => `${directive}${prefix}/${name};`, 5, `temporary paths in ${what}`);
  main = replaceExactly(main, /^(\s*)include\s+\/etc\/nginx\/conf\.d\/\*\.conf\s*;/gm, `$1log_format probe '$remote_addr\\t$request\\t$status\\t$upstream_addr';\n$1include ${prefix}/site.conf;`, 1, `site includes in ${what}`);
  return main;
}

/** A prefix folder for nginx (`-p`) holding `site` and the image's main configuration around it; returns the main configuration's path. */
function writeNginxPrefix(prefix: string, site: string): string {
  for (const dir of ['client', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, dir), { recursive: true });
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const main = path.join(prefix, 'nginx.conf');
  writeFileSync(main, localMain(prefix));
  return main;
}

/**
 * nginx's own syntax check (`nginx -t`) of infra/nginx.conf with its compose names pointed at this
 * machine, after `edit` (a test's change to it): null when nginx accepts it, else what nginx printed.
 */
export function nginxSyntaxErrors(edit: (site: string) => string = (site) => site): string | null {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = mkdtempSync(path.join(tmpdir(), 'pog-nginx-t-'));
  try {
    const logs = { requestLog: path.join(prefix, 'requests.log'), accessLog: path.join(prefix, 'access.log') };
    const main = writeNginxPrefix(prefix, edit(localSite([3000], 8080, prefix, logs)));
    const result = spawnSync(NGINX_BINARY, ['-t', '-q', '-p', prefix, '-c', main, '-e', 'stderr'], { encoding: 'utf8' });
    return result.status === 0 ? null : `${result.stdout}${result.stderr}`.trim();
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

/** The lines nginx has finished writing: a line read while nginx is still writing it has no newline yet and waits for the next read. */
function completeLines(file: string): string[] {
  const lines = (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n');
  lines.pop();
  return lines.filter(Boolean);
}

/** `edit`: a test's change to the site, after its compose names are pointed at this machine. */
export async function startNginx(options: { gatewayPorts: number[]; webRoot: string; edit?: (site: string) => string }): Promise<RunningNginx> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = mkdtempSync(path.join(tmpdir(), 'pog-nginx-'));
  const port = await freePort();
  const accessLog = path.join(prefix, 'access.log');
  const requestLog = path.join(prefix, 'requests.log');
  const edit = options.edit ?? ((site: string) => site);
  writeNginxPrefix(prefix, edit(localSite(options.gatewayPorts, port, options.webRoot, { requestLog, accessLog })));

  let output = '';
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited:\n${output}`);
      return (await fetch(`${url}/nginx-health`).catch(() => undefined))?.status === 200;
    },
    20_000,
    'nginx to answer',
  );
  return {
    url,
    pid: child.pid!,
    output: () => output,
    accessLog: () =>
      completeLines(accessLog).map((line) => {
        const [remoteAddr = '', request = '', status = '0', upstream = '-'] = line.split('\t');
        return { remoteAddr, request, status: Number(status), upstream };
      }),
    requestLog: () => completeLines(requestLog).map((line) => JSON.parse(line) as RequestLine),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
