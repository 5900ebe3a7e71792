/**
 * Reads docker-compose.yml the way Docker Compose does, as far as our checks need: YAML merge keys
 * (`<<: *anchor`), both forms of `environment`, and `${VAR}` interpolation with the
 * `:-`, `-`, `:?`, `?`, `:+`, `+` modifiers. Docker cannot run here, so this is what the tests use.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type DependsOn = Record<string, { condition?: string }>;

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: unknown[];
  expose?: unknown[];
  volumes?: unknown[];
  depends_on?: DependsOn | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  container_name?: string;
  restart?: string;
  init?: boolean;
  entrypoint?: string | string[];
  /** Services with a profile start only when asked for (`docker compose run`), never with `up`. */
  profiles?: string[];
  logging?: { driver?: string; options?: Record<string, unknown> };
  deploy?: { resources?: { limits?: { cpus?: string | number; memory?: string } } };
  ulimits?: Record<string, number | { soft?: number; hard?: number }>;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function loadComposeFile(file: string): ComposeFile {
  const document = parse(readFileSync(file, 'utf8'), { merge: true }) as unknown;
  if (!document || typeof document !== 'object' || !('services' in document)) {
    throw new Error(`${file}: no services`);
  }
  return document as ComposeFile;
}

/** `environment` as a map; a name without a value (passed through from the host) maps to null. */
export function environmentOf(service: ComposeService): Record<string, string | null> {
  const env = service.environment ?? {};
  const result: Record<string, string | null> = {};
  if (Array.isArray(env)) {
    for (const entry of env) {
      const [name, ...rest] = String(entry).split('=');
      result[name!] = rest.length ? rest.join('=') : null;
    }
    return result;
  }
  for (const [name, value] of Object.entries(env)) result[name] = value === null || value === undefined ? null : String(value);
  return result;
}

export function dependenciesOf(service: ComposeService): DependsOn {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, { condition: 'service_started' }]));
  return deps;
}

export function commandOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : value.split(/\s+/).filter(Boolean);
}

export class InterpolationError extends Error {}

/** Substitutes `${...}` and `$NAME` the way Compose does; `$$` is a literal `$`. */
export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch !== '$') {
      out += ch;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      const end = matchingBrace(text, i + 1);
      out += substitute(text.slice(i + 2, end), vars);
      i = end + 1;
    } else {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0];
      if (!name) {
        out += '$';
        i++;
        continue;
      }
      out += vars[name] ?? '';
      i += 1 + name.length;
    }
  }
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new InterpolationError(`unclosed \${ in "${text}"`);
}

function substitute(expression: string, vars: Record<string, string | undefined>): string {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([\s\S]*))?$/.exec(expression);
  if (!match) throw new InterpolationError(`invalid interpolation "\${${expression}}"`);
  const [, name, modifier, argument = ''] = match;
  const value = vars[name!];
  const unset = value === undefined;
  const missing = modifier?.startsWith(':') ? unset || value === '' : unset;
  switch (modifier?.replace(':', '')) {
    case undefined:
      return value ?? '';
    case '-':
      return missing ? interpolate(argument, vars) : value!;
    case '?':
      if (missing) throw new InterpolationError(`${name}: ${interpolate(argument, vars) || 'is required'}`);
      return value!;
    case '+':
      return missing ? '' : interpolate(argument, vars);
    default:
      throw new InterpolationError(`invalid modifier in "\${${expression}}"`);
  }
}

/**
 * The environment a container would get: values interpolated from `hostVars`, and names without a
 * value passed through from `hostVars` or left out when the host does not set them.
 */
export function containerEnvironment(service: ComposeService, hostVars: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, raw] of Object.entries(environmentOf(service))) {
    if (raw === null) {
      if (hostVars[name] !== undefined) result[name] = hostVars[name]!;
      continue;
    }
    result[name] = interpolate(raw, hostVars);
  }
  return result;
}
