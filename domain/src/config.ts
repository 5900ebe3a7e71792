/**
 * Process configuration: read once from the environment at start-up and validated with zod.
 * A bad value stops the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './logging/logger';

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
    /** Connections one client address may hold open at once; off with TRUST_PROXY, where the proxy limits per client. */
    CONNECTIONS_PER_ADDRESS: z.coerce.number().int('must be a whole number').min(8, 'must be at least 8').max(100_000, 'must be at most 100000').default(256),
    ANTHROPIC_API_KEY: optionalString,
    ANTHROPIC_MODEL: z.string().trim().default('claude-sonnet-4-5'),
    ANTHROPIC_BASE_URL: urlWithProtocol(['http:', 'https:'], 'https://api.anthropic.com'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Connections each process may open to PostgreSQL (the outbox relay holds one more of its own). */
    DATABASE_POOL_SIZE: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(10),
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
    /** Embedded mode: PGlite runs in a thread of its own (a heavy query cannot stall requests); 'false' keeps it in the server's thread. */
    PGLITE_THREAD: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((v) => v !== 'false' && v !== '0'),
    OUTBOX_RETENTION_HOURS: z.coerce.number().positive('must be a positive number of hours').max(24 * 90, 'must be at most 2160 (90 days)').default(24),
    /** How long a gateway keeps a leaderboard page (default 2,000; 0 in tests, which change standings behind its back). */
    LEADERBOARD_CACHE_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0, 'must be 0 or more').max(60_000, 'must be at most 60000').optional(),
    /** Image uploads one player may start in an hour (the Creator Studio uploads one per picture chosen). */
    UPLOADS_PER_HOUR: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(30),
    /** The longest one upload may take, from its first byte to its last, however steadily it sends. */
    UPLOAD_DEADLINE_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(5, 'must be at least 5').max(1800, 'must be at most 1800 (30 minutes)').default(120),
    /** How long an uploaded picture no POG has used is kept before the worker deletes it. */
    UNUSED_UPLOAD_HOURS: z.coerce.number().min(1, 'must be at least 1 (hours)').max(24 * 90, 'must be at most 2160 (90 days)').default(24),
    /** How long the moderation audit log keeps a line before the worker's audit sweep deletes it. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1 (days)').max(3650, 'must be at most 3650 (10 years)').default(365),
    /** How many players' reports hide a POG awaiting review from everyone but its owner until a moderator decides. */
    REPORTS_TO_HIDE: z.coerce.number().int('must be a whole number of players').min(1, 'must be at least 1 (players)').max(1000, 'must be at most 1000 (players)').default(3),
    /** How long an admin's claim on a POG or a player in the moderation queue lasts before it lapses. */
    CLAIM_MINUTES: z.coerce.number().positive('must be a positive number of minutes').max(24 * 60, 'must be at most 1440 (a day)').default(10),
  })
  .superRefine((env, ctx) => {
    // Mixes that split a deployment in two: processes that share Redis (its job queue) must share a
    // database, and a process that runs one service alone works with others only through Redis.
    const alone = env.SERVICES.length === 1 ? env.SERVICES[0] : undefined;
    if (alone && !env.REDIS_URL) {
      const why = alone === 'worker' ? 'it takes its jobs from Redis' : 'it hands its jobs to the workers through Redis; SERVICES=gateway,worker runs them in this process';
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: `is required when SERVICES=${alone} runs on its own: ${why}` });
    }
    if (!env.DATABASE_URL && (alone || (env.REDIS_URL && env.NODE_ENV === 'production'))) {
      const who = alone ? `SERVICES=${alone} runs on its own` : 'REDIS_URL is set in production';
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: `is required when ${who}: without it this process keeps its own embedded database, which the processes it shares Redis with cannot see`,
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.SESSION_SECRET && env.SESSION_SECRET.some((k) => k.length < 16)) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'each key must be at least 16 characters' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * Secrets that may come from a file instead (`NAME_FILE=/run/secrets/name`), as Docker and
 * Kubernetes secrets are mounted.
 */
export const SECRET_FILE_VARS = ['SESSION_SECRET', 'ADMIN_PASSWORD', 'DATABASE_URL', 'ANTHROPIC_API_KEY', 'METRICS_TOKEN'] as const;

/** Every variable the processes read, `*_FILE` forms included. docker-compose.yml may only name these. */
export const KNOWN_ENV_VARS: string[] = [...Object.keys(envSchema.shape), ...SECRET_FILE_VARS.map((name) => `${name}_FILE`)];

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
  /** Connections one client address may hold open at once; undefined behind a proxy, which limits them. */
  connectionsPerAddress: number | undefined;
  anthropic: { apiKey: string | undefined; model: string; baseUrl: string | undefined };
  logLevel: LogLevel;
  /** Connections this process's PostgreSQL pool may open. */
  databasePoolSize: number;
  /** When set, GET /metrics requires `Authorization: Bearer <metricsToken>`. */
  metricsToken: string | undefined;
  /** Embedded mode: whether PGlite runs in a worker thread of its own (default) or in the server's thread. */
  pgliteThread: boolean;
  /** How long delivered events are kept: a client away for longer refetches instead of catching up. */
  outboxRetentionMs: number;
  /** How long a gateway keeps a leaderboard page; standings-changing events drop them sooner. */
  leaderboardCacheMs: number;
  uploads: {
    /** Uploads a player may start per hour (429 with Retry-After beyond). */
    perHour: number;
    /** The longest one upload's body may take to arrive. */
    deadlineMs: number;
    /** How long a picture no POG has used is kept after its upload. */
    unusedMs: number;
  };
  /** How long the moderation audit log keeps a line (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** How many distinct reporters hide a POG awaiting review until a moderator decides (REPORTS_TO_HIDE). */
  reportsToHide: number;
  /** How long a moderation claim lasts (CLAIM_MINUTES). */
  claimMs: number;
  production: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/**
 * Replaces each `NAME_FILE` by `NAME` holding the file's content, its trailing line break(s)
 * trimmed. Setting both forms is refused: which one wins would be a guess.
 */
export function resolveSecretFiles(
  source: Record<string, string | undefined>,
  readFile: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): Record<string, string | undefined> {
  const resolved = { ...source };
  const problems: string[] = [];
  for (const name of SECRET_FILE_VARS) {
    const file = source[`${name}_FILE`];
    delete resolved[`${name}_FILE`];
    if (!isSet(file)) continue;
    if (isSet(source[name])) {
      problems.push(`${name}_FILE: ${name} is set too; set only one of them`);
      continue;
    }
    try {
      const value = readFile(file.trim()).replace(/[\r\n]+$/, '');
      if (value.trim() === '') problems.push(`${name}_FILE: ${file.trim()} is empty`);
      else resolved[name] = value;
    } catch (error) {
      const code = (error as { code?: string }).code;
      problems.push(`${name}_FILE: cannot read ${file.trim()}${code ? ` (${code})` : ''}`);
    }
  }
  if (problems.length) throw new ConfigError(problems);
  return resolved;
}

/**
 * The environment without its empty variables: `LOG_LEVEL=` (or one of blanks) means the default,
 * as if it were unset, as compose writes `NAME: ${NAME:-}` for an optional setting.
 */
function withoutBlanks(source: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => isSet(value)));
}

/** Validates the environment, reading `*_FILE` secrets first (once: call it at start-up). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(withoutBlanks(resolveSecretFiles(source)));
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
    connectionsPerAddress: env.TRUST_PROXY ? undefined : env.CONNECTIONS_PER_ADDRESS,
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, model: env.ANTHROPIC_MODEL, baseUrl: env.ANTHROPIC_BASE_URL },
    logLevel: env.LOG_LEVEL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    metricsToken: env.METRICS_TOKEN,
    pgliteThread: env.PGLITE_THREAD,
    outboxRetentionMs: env.OUTBOX_RETENTION_HOURS * 3600_000,
    leaderboardCacheMs: env.LEADERBOARD_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2_000),
    uploads: { perHour: env.UPLOADS_PER_HOUR, deadlineMs: env.UPLOAD_DEADLINE_SECONDS * 1000, unusedMs: env.UNUSED_UPLOAD_HOURS * 3600_000 },
    auditRetentionMs: env.AUDIT_RETENTION_DAYS * 24 * 3600_000,
    reportsToHide: env.REPORTS_TO_HIDE,
    claimMs: Math.round(env.CLAIM_MINUTES * 60_000),
    production: env.NODE_ENV === 'production',
  };
}
