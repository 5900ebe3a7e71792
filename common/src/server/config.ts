/**
 * Process configuration: read once from the environment at start-up and validated with zod.
 * A bad value stops the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const SERVICE_NAMES = ['gateway', 'worker'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlWithProtocol = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );

/** Every variable the processes read. docker-compose.yml may only name these (a test checks). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
    REDIS_URL: urlWithProtocol(['redis:', 'rediss:'], 'redis://host:6379'),
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, "_" and "-"')
      .default('pog'),
    SERVICES: z
      .string()
      .default('gateway,worker')
      .transform(commaList)
      .pipe(z.array(z.enum(SERVICE_NAMES)).min(1, 'must name at least one of gateway, worker')),
    SESSION_SECRET: optionalString.transform((v) => (v ? commaList(v) : undefined)),
    ADMIN_PASSWORD: optionalString,
    PUBLIC_ORIGIN: optionalString
      .transform((v) => (v ? commaList(v) : undefined))
      .refine((list) => !list || list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), {
        message: 'must be a comma list of origins such as https://pogs.example.com (no path)',
      }),
    WEB_DIST: optionalString,
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** How many proxies in front of the app append to X-Forwarded-For (nginx alone: 1). */
    TRUST_PROXY_HOPS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10, 'must be at most 10').default(1),
    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_MODEL: z.string().trim().default('claude-sonnet-4-5'),
    ANTHROPIC_BASE_URL: urlWithProtocol(['http:', 'https:'], 'https://api.anthropic.com'),
  })
  .superRefine((env, ctx) => {
    if (env.SERVICES.includes('worker') && !env.SERVICES.includes('gateway')) {
      if (!env.REDIS_URL) ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required when SERVICES=worker runs on its own' });
      if (!env.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required when SERVICES=worker runs on its own' });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET.some((k) => k.length < 16)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'each key must be at least 16 characters' });
    }
  });

export type Env = z.infer<typeof envSchema>;
export const KNOWN_ENV_VARS = Object.keys(envSchema.shape) as (keyof Env)[];

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string | undefined;
  dataDir: string;
  uploadDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  services: ServiceName[];
  sessionKeys: string[];
  adminPassword: string | undefined;
  publicOrigins: string[] | undefined;
  webDist: string;
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto/-Host for client addresses and origins. */
  trustProxy: boolean;
  /**
   * Proxy hops whose forwarded headers are trusted (0 without TRUST_PROXY): the client address is
   * this many entries from the right of X-Forwarded-For, never an entry the client wrote itself.
   */
  proxyHops: number;
  anthropic: { apiKey: string | undefined; model: string; baseUrl: string | undefined };
  production: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  return result.data;
}

/** Reads a secret kept in DATA_DIR, creating it the first time. */
function persistentSecret(dataDir: string, file: string): string {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(full, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env, repoRoot = process.cwd()): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    services: [...new Set(env.SERVICES)],
    sessionKeys: env.SESSION_SECRET ?? [persistentSecret(dataDir, 'session-secret')],
    adminPassword: env.ADMIN_PASSWORD,
    publicOrigins: env.PUBLIC_ORIGIN,
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'web/dist'),
    trustProxy: env.TRUST_PROXY,
    proxyHops: env.TRUST_PROXY ? env.TRUST_PROXY_HOPS : 0,
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, model: env.ANTHROPIC_MODEL, baseUrl: env.ANTHROPIC_BASE_URL },
    production: env.NODE_ENV === 'production',
  };
}
