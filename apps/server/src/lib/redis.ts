import { EventEmitter } from 'node:events';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- this is the module that owns Redis
import { Redis } from 'ioredis';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { AppError } from './errors.ts';

/**
 * What the nodes of one deployment share besides the database: counters in fixed windows and
 * events. With REDIS_URL both live in Redis, so every node counts one limit and hears every
 * event; without it, in this process as on a single server. The only module that imports ioredis.
 */
export interface Cluster {
  readonly kind: 'redis' | 'local';
  /** Adds one to `key` in a window of `windowMs` started by its first hit; the count so far in the window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count of `key` in its current window (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /**
   * Takes a lease for `holder` on every key at once, if each holds fewer live leases than its
   * `max` (leases older than their `ttlMs` lapsed: their node died): -1, or the index of the
   * first full key (nothing taken).
   */
  lease(keys: string[], max: number[], holder: string, ttlMs: number): Promise<number>;
  /** Extends `holder`'s leases on the keys by `ttlMs` (its node is alive). */
  renew(keys: string[], holder: string, ttlMs: number): Promise<void>;
  /** Gives `holder`'s leases on the keys back. */
  unlease(keys: string[], holder: string): Promise<void>;
  /** Every node's subscribers of `channel` (this one's included) get `message`. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` for every message on `channel`; the function returned unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
  /** The command connection, for @fastify/rate-limit's Redis store; undefined in process. */
  readonly rateLimitRedis: Redis | undefined;
  close(): Promise<void>;
}

/** Keys and channels of one deployment, so that a Redis shared with other software is not trampled. */
const PREFIX = 'xueban:';

/** INCR, and PEXPIRE on the window's first hit, in one atomic step (two nodes never both start a window). */
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Redis's own clock (every node agrees on it): milliseconds now, as a Lua number. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Leases are sorted-set members scored by their lapse time: lapsed ones go, then all keys are checked, then all taken. */
const LEASE = `${NOW}
local ttl = tonumber(ARGV[2])
for i, k in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now)
  if redis.call('ZCARD', k) >= tonumber(ARGV[2 + i]) then return i - 1 end
end
for _, k in ipairs(KEYS) do
  redis.call('ZADD', k, now + ttl, ARGV[1])
  redis.call('PEXPIRE', k, ttl)
end
return -1`;

/** Only a lease still there is extended (XX): one given back or lapsed stays gone. */
const RENEW = `${NOW}
local ttl = tonumber(ARGV[2])
for _, k in ipairs(KEYS) do
  if redis.call('ZADD', k, 'XX', 'CH', now + ttl, ARGV[1]) == 1 then redis.call('PEXPIRE', k, ttl) end
end
return 0`;

type Logger = { warn(obj: object, msg: string): void };

export function createCluster(url: string | undefined, log?: Logger): Cluster {
  return url ? redisCluster(url, log) : localCluster();
}

function redisCluster(url: string, log?: Logger): Cluster {
  // Lazy: a node connects on its first limit or event, and a Redis briefly away is retried, not fatal.
  const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true };
  const cmd = new Redis(url, options);
  let sub: Redis | undefined;
  const bus = new EventEmitter().setMaxListeners(0);
  const quiet = (what: string) => (err: Error) => log?.warn({ err: err.message }, `redis ${what}`);
  cmd.on('error', quiet('command connection'));
  cmd.defineCommand('xbHit', { numberOfKeys: 1, lua: HIT });
  const scripts = cmd as unknown as {
    xbLease(n: number, ...args: (string | number)[]): Promise<number>;
    xbRenew(n: number, ...args: (string | number)[]): Promise<number>;
  };
  cmd.defineCommand('xbLease', { lua: LEASE });
  cmd.defineCommand('xbRenew', { lua: RENEW });
  const keysOf = (keys: string[]) => keys.map((k) => PREFIX + k);
  const subscriber = () => {
    if (sub) return sub;
    sub = cmd.duplicate();
    sub.on('error', quiet('subscriber'));
    sub.on('message', (channel: string, message: string) => bus.emit(channel, message));
    return sub;
  };
  let closed = false;
  // A counter that cannot be read must not be taken as zero (a login lock would open): the call is
  // refused as unavailable (503, 服务器繁忙) until Redis answers again.
  const counting = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      quiet('counter')(err as Error);
      throw new AppError(503, Code.SERVER_ERROR, MSG.serverError);
    }
  };
  return {
    kind: 'redis',
    rateLimitRedis: cmd,
    hit: (key, windowMs) =>
      counting(async () => Number(await (cmd as unknown as { xbHit(k: string, ms: number): Promise<number> }).xbHit(PREFIX + key, windowMs))),
    count: (key) => counting(async () => Number((await cmd.get(PREFIX + key)) ?? 0)),
    reset: (key) => counting(async () => void (await cmd.del(PREFIX + key))),
    // A cap on capacity, not a lock: with Redis away the slot is granted (as request limits fail open).
    lease: (keys, max, holder, ttlMs) => scripts.xbLease(keys.length, ...keysOf(keys), holder, ttlMs, ...max)
      .then(Number, (err: Error) => (quiet('lease')(err), -1)),
    async renew(keys, holder, ttlMs) {
      await scripts.xbRenew(keys.length, ...keysOf(keys), holder, ttlMs);
    },
    async unlease(keys, holder) {
      await Promise.all(keysOf(keys).map((k) => cmd.zrem(k, holder)));
    },
    async publish(channel, message) {
      await cmd.publish(PREFIX + channel, message);
    },
    subscribe(channel, handler) {
      const name = PREFIX + channel;
      if (bus.listenerCount(name) === 0) subscriber().subscribe(name).catch(quiet('subscribe'));
      bus.on(name, handler);
      return () => {
        bus.off(name, handler);
        if (bus.listenerCount(name) === 0 && sub && !closed) sub.unsubscribe(name).catch(quiet('unsubscribe'));
      };
    },
    async close() {
      closed = true;
      bus.removeAllListeners();
      // quit() waits for replies in flight; a connection never opened just disconnects.
      await Promise.all([cmd, sub].map((c) => (c && c.status === 'ready' ? c.quit().then(() => {}, () => c.disconnect()) : c?.disconnect())));
    },
  };
}

const MAX_LOCAL_KEYS = 100_000;

function localCluster(): Cluster {
  const windows = new Map<string, { n: number; resetAt: number }>();
  // One process: a lease lives until it is given back (it lapses with the process), no clock needed.
  const leases = new Map<string, Set<string>>();
  const bus = new EventEmitter().setMaxListeners(0);
  const live = (key: string, now = Date.now()) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now) windows.delete(key);
    return w && w.resetAt > now ? w : undefined;
  };
  // Expired windows go first; if every window is live, the oldest half (a flood of made-up keys must not grow memory).
  const prune = (now: number) => {
    for (const k of windows.keys()) live(k, now);
    let drop = windows.size >= MAX_LOCAL_KEYS ? windows.size / 2 : 0;
    for (const k of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(k);
    }
  };
  return {
    kind: 'local',
    rateLimitRedis: undefined,
    async hit(key, windowMs) {
      const now = Date.now();
      const w = live(key, now);
      if (w) return ++w.n;
      if (windows.size >= MAX_LOCAL_KEYS) prune(now);
      windows.set(key, { n: 1, resetAt: now + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async lease(keys, max, holder) {
      const full = keys.findIndex((k, i) => (leases.get(k)?.size ?? 0) >= max[i]!);
      if (full >= 0) return full;
      for (const k of keys) leases.set(k, (leases.get(k) ?? new Set()).add(holder));
      return -1;
    },
    async renew() {},
    async unlease(keys, holder) {
      for (const k of keys) {
        const held = leases.get(k);
        held?.delete(holder);
        if (held?.size === 0) leases.delete(k);
      }
    },
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    subscribe(channel, handler) {
      bus.on(channel, handler);
      return () => bus.off(channel, handler);
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}
