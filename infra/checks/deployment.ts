/**
 * The deployment files of this repository, read once for the checks that Docker cannot run here:
 * docker-compose.yml, the Dockerfiles, .dockerignore and the nginx configuration.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadComposeFile, type ComposeService } from './compose-file';
import { copyParts, isDockerIgnored, parseDockerfile, type Dockerfile } from './dockerfile';
import { parseNginxConf } from './nginx-conf';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const compose = loadComposeFile(path.join(root, 'docker-compose.yml'));
export const services = compose.services;
export const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
export const nginx = parseNginxConf(readFileSync(path.join(root, 'infra/nginx.conf'), 'utf8'));
/** The web image's main nginx configuration, around the site. */
export const nginxMain = parseNginxConf(readFileSync(path.join(root, 'infra/nginx-main.conf'), 'utf8'));

export const APP_DOCKERFILE = 'infra/app.Dockerfile';
export const WEB_DOCKERFILE = 'infra/web.Dockerfile';
/** What an operator puts in .env; the checks interpolate the compose file with these. */
export const HOST_VARS = { SESSION_SECRET: 'a-local-secret-of-sufficient-length', POSTGRES_PASSWORD: 'a1b2c3d4e5f6' };

export function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no "${name}" service`);
  return found;
}

export function dockerfileOf(s: ComposeService): string | undefined {
  if (!s.build) return undefined;
  const build = typeof s.build === 'string' ? { context: s.build } : s.build;
  return path.join(build.context ?? '.', build.dockerfile ?? 'Dockerfile');
}

export function readDockerfile(relative: string): Dockerfile {
  return parseDockerfile(readFileSync(path.join(root, relative), 'utf8'));
}

export const appServices = Object.entries(services).filter(([, s]) => dockerfileOf(s) && path.normalize(dockerfileOf(s)!) === APP_DOCKERFILE);

/** Command words that name a file of this repository (the image's WORKDIR is the repo root). */
export function repoFilesIn(words: string[]): string[] {
  return words.filter((w) => /^[\w.-]+(\/[\w.-]+)+\.(m?[jt]s|tsx?)$/.test(w));
}

export function isFile(relative: string): boolean {
  const full = path.join(root, relative);
  return existsSync(full) && statSync(full).isFile();
}

/** Files under a repo folder, as repo-relative paths (node_modules skipped). */
export function filesUnder(relative: string): string[] {
  return readdirSync(path.join(root, relative), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

/** What the app image's last stage copies from the build context (files and folders). */
export function appImageSources(): string[] {
  return readDockerfile(APP_DOCKERFILE)
    .stages.at(-1)!
    .instructions.filter((i) => i.keyword === 'COPY')
    .map(copyParts)
    .filter((c) => !c.flags.from)
    .flatMap((c) => c.sources);
}

/** Every repository file that ends up in the app image: copied, and not left out by .dockerignore. */
export function appImageFiles(): string[] {
  return appImageSources()
    .flatMap((source) => (isFile(source) ? [source] : existsSync(path.join(root, source)) ? filesUnder(source) : []))
    .filter((file) => !isDockerIgnored(file, dockerignore));
}
