import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
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
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed (comma-separated addresses or
   * CIDRs, e.g. `127.0.0.1,10.0.0.0/8`). None by default: a made-up X-Forwarded-For must not
   * pick the address that rate limits count.
   */
  TRUST_PROXY: z.string().default(''),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: z.string().default(''),
  /** Sites that may frame `embed=1` pages (comma-separated origins); any site when unset. */
  EMBED_ORIGINS: z.string().default(''),
  COOKIE_SECURE: bool.optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_ACCOUNT: z.string().default('admin@xueban.local'),
  ADMIN_PASSWORD: z.string().optional(),
  REGISTER_REQUIRE_CODE: bool.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Failed logins per account per 15 minutes, from any address (a spread-out guess stops too). */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(20),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('学伴 AI <no-reply@xueban.local>'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Redis shared by several nodes (rate limits, cache invalidation, stop): unset or empty = all of it in this process. */
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL').optional()),
  WEB_DIST: z.string().optional(),
  /** A default OpenAI-compatible provider registered at boot (deployments and tests). */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().default(''),
  LLM_MODEL: z.string().optional(),
  /** Upstream model timeouts: until the first byte, and between two chunks. */
  LLM_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Speech to text and text to speech (voiceTransferHs, voiceGenerate): spec §7's 60 s long-call timeout. */
  VOICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** One LibreOffice conversion of an office preview (wall time; its process group is killed past it). */
  OFFICE_PREVIEW_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** The built-in voice (text to speech without a provider): Debian's espeak-ng; '' turns it off. */
  ESPEAK_BIN: z.string().default('espeak-ng'),
  /** Chat questions per user per minute. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** How often a chat stream sends `heartbeat` (and saves its partial answer). */
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(50).default(15_000),
  /** How long an answer whose client vanished (no 停止回答) keeps streaming for a resume; then it ends stopped. 0: a vanished client stops it at once. */
  CHAT_RESUME_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  /**
   * A resume takes over a streaming reply only when its holder does not answer and the reply has
   * not been saved for this long (default: three heartbeats, at least 10 s; see docs/decisions.md).
   */
  CHAT_TAKEOVER_AFTER_MS: z.coerce.number().int().min(100).optional(),
  /** Chat streams open at once (counted per node): per user, and per organisation of the asker. */
  CHAT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(3),
  CHAT_STREAMS_PER_GROUP: z.coerce.number().int().min(1).default(200),
  /** Names this server process among the nodes of one PostgreSQL database (default: host name and port). */
  NODE_NAME: z.string().trim().min(1).max(200).optional(),
  /** Removed (it trusted a host on every port for every feature): set, it stops the boot naming its replacements. */
  EGRESS_ALLOW_HOSTS: z.string().optional(),
  /** Origins model providers may use although they are not public (an intranet Ollama), comma-separated. */
  EGRESS_MODEL_ORIGINS: z.string().default(''),
  /** Origins of intranet sites users may import pages from, comma-separated. */
  EGRESS_WEB_ORIGINS: z.string().default(''),
  /** Origins of intranet MCP servers admins may add (MCP 管理), comma-separated. */
  EGRESS_MCP_ORIGINS: z.string().default(''),
  /** Origins of schools' OpenID Connect providers that are not public (an intranet IdP), comma-separated; http is allowed only for these. */
  EGRESS_SSO_ORIGINS: z.string().default(''),
  /** Ports besides 80 and 443 that imported web pages may be on, comma-separated. */
  EGRESS_WEB_PORTS: z.string().default(''),
  /** Reading an imported web page: the whole fetch, and the longest silence. */
  EGRESS_WEB_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Web search (联网): a SearXNG instance's base URL, or Bing / Bocha API keys. */
  WEB_SEARCH_URL: z.string().url().optional(),
  BING_SEARCH_KEY: z.string().optional(),
  BOCHA_API_KEY: z.string().optional(),
  /** 1: this node runs background jobs (knowledge training); 0: it only serves requests. */
  WORKERS: z.coerce.number().int().min(0).max(1).default(1),
  /** A running job whose node has not beaten for this long is handed to another node (jobs/heartbeat.ts). */
  JOB_STALE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** text: one readable line per log entry (the default); json: pino's structured lines, for log collectors. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** First start: give the demo organisation a demo robot, knowledge base and intent (1, the default) or nothing (0). */
  DEMO_CONTENT: bool.default(true),
});

export type Config = z.infer<typeof envSchema> & {
  APP_SECRET: string;
  COOKIE_SECURE: boolean;
  isProduction: boolean;
  trustedOrigins: string[];
  trustProxy: string[];
  embedOrigins: string[];
  egressModelOrigins: string[];
  egressWebOrigins: string[];
  egressWebPorts: number[];
  egressMcpOrigins: string[];
  egressSsoOrigins: string[];
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
  const badEmbedder = list(c.EMBED_ORIGINS).find((o) => !/^https?:\/\/[^\s/;,'"]+$/.test(o));
  if (badEmbedder) throw new ConfigError(`EMBED_ORIGINS: "${badEmbedder}" is not an origin such as https://www.school.edu.cn`);
  const badProxy = list(c.TRUST_PROXY).find((p) => !isProxyAddress(p));
  if (badProxy) throw new ConfigError(`TRUST_PROXY: "${badProxy}" is not an address, a CIDR or loopback/linklocal/uniquelocal`);
  if (c.EGRESS_ALLOW_HOSTS?.trim()) {
    throw new ConfigError('EGRESS_ALLOW_HOSTS is no longer read (it opened a host on every port to every feature): use '
      + 'EGRESS_MODEL_ORIGINS for model providers and EGRESS_WEB_ORIGINS / EGRESS_WEB_PORTS for imported web pages; '
      + 'the origins of LLM_BASE_URL and WEB_SEARCH_URL are allowed for their own feature');
  }
  const webPorts = list(c.EGRESS_WEB_PORTS).map(Number);
  if (webPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
    throw new ConfigError('EGRESS_WEB_PORTS must be comma-separated port numbers (1-65535)');
  }
  if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    ...c,
    APP_SECRET: secret,
    COOKIE_SECURE: c.COOKIE_SECURE ?? isProduction,
    isProduction,
    trustedOrigins: list(c.TRUSTED_ORIGINS),
    trustProxy: list(c.TRUST_PROXY),
    embedOrigins: list(c.EMBED_ORIGINS),
    egressModelOrigins: origins('EGRESS_MODEL_ORIGINS', c.EGRESS_MODEL_ORIGINS),
    egressWebOrigins: origins('EGRESS_WEB_ORIGINS', c.EGRESS_WEB_ORIGINS),
    egressWebPorts: webPorts,
    egressMcpOrigins: origins('EGRESS_MCP_ORIGINS', c.EGRESS_MCP_ORIGINS),
    egressSsoOrigins: origins('EGRESS_SSO_ORIGINS', c.EGRESS_SSO_ORIGINS),
  };
}

/** What Fastify's trustProxy takes: an address, a CIDR, or one of proxy-addr's named ranges. */
function isProxyAddress(p: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(p)) return true;
  const [addr, bits, extra] = p.split('/');
  if (extra !== undefined || !net.isIP(addr!)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv4(addr!) ? 32 : 128));
}

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/** Comma-separated http(s) origins, normalised as the egress guard compares them (`new URL(...).origin`). */
function origins(name: string, value: string): string[] {
  return list(value).map((o) => {
    let url: URL | null = null;
    try {
      url = new URL(o);
    } catch { /* reported below */ }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
      throw new ConfigError(`${name}: "${o}" is not an origin like http://10.0.0.5:11434`);
    }
    return url.origin;
  });
}

/** A per-install secret kept in DATA_DIR for non-production runs. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, '.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
