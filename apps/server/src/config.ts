import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Secrets that must never run in production: empty, placeholders or too short. */
const WEAK_SECRETS = new Set(['changeme', 'secret', 'change-me', 'please-change', 'default', 'xueban']);

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, with its default. README lists the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().default(''),
  COOKIE_SECURE: bool.optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_ACCOUNT: z.string().default('admin@xueban.local'),
  ADMIN_PASSWORD: z.string().optional(),
  REGISTER_REQUIRE_CODE: bool.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('学伴 AI <no-reply@xueban.local>'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  WEB_DIST: z.string().optional(),
  /** A default OpenAI-compatible provider registered at boot (deployments and tests). */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().default(''),
  LLM_MODEL: z.string().optional(),
  /** Upstream model timeouts: until the first byte, and between two chunks. */
  LLM_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Chat questions per user per minute. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** How often a chat stream sends `heartbeat` (and saves its partial answer). */
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(50).default(15_000),
  /** Hosts the egress guard lets through although they resolve to private addresses (comma-separated). */
  EGRESS_ALLOW_HOSTS: z.string().default(''),
  /** Web search (联网): a SearXNG instance's base URL, or Bing / Bocha API keys. */
  WEB_SEARCH_URL: z.string().url().optional(),
  BING_SEARCH_KEY: z.string().optional(),
  BOCHA_API_KEY: z.string().optional(),
  /** 1: this node runs background jobs (knowledge training); 0: it only serves requests. */
  WORKERS: z.coerce.number().int().min(0).max(1).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & {
  APP_SECRET: string;
  COOKIE_SECURE: boolean;
  isProduction: boolean;
  trustedOrigins: string[];
  egressAllowHosts: string[];
};

export class ConfigError extends Error {}

/**
 * Parses the environment once. In production a missing or weak APP_SECRET refuses to boot;
 * elsewhere a random secret is generated once per data directory, so no install shares a default.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  let secret = c.APP_SECRET;
  if (isProduction) {
    if (!secret || secret.length < 32 || WEAK_SECRETS.has(secret.toLowerCase())) {
      throw new ConfigError('APP_SECRET must be set to a random value of at least 32 characters in production');
    }
    if (c.ADMIN_PASSWORD !== undefined && c.ADMIN_PASSWORD.length < 8) {
      throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters in production');
    }
  }
  if (!secret) secret = c.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : localSecret(c.DATA_DIR);
  if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    ...c,
    APP_SECRET: secret,
    COOKIE_SECURE: c.COOKIE_SECURE ?? isProduction,
    isProduction,
    trustedOrigins: list(c.TRUSTED_ORIGINS),
    egressAllowHosts: list(c.EGRESS_ALLOW_HOSTS).map((h) => h.toLowerCase()),
  };
}

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/** A per-install secret kept in DATA_DIR for non-production runs. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, '.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
