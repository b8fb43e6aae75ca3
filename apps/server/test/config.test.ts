import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'xueban-config-'));

describe('configuration', () => {
  it('refuses to boot in production without a strong APP_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), APP_SECRET: 'changeme' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), APP_SECRET: 'short-secret' })).toThrow(/APP_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), APP_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'long-enough-1' });
    expect(c.COOKIE_SECURE).toBe(true);
  });

  it('refuses a short admin password in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir(), APP_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('names the bad variable in a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('takes REDIS_URL as a redis:// or rediss:// URL, and an empty one as unset (one node, in process)', () => {
    expect(loadConfig({ DATA_DIR: dir(), REDIS_URL: 'redis://10.0.0.9:6379/0' }).REDIS_URL).toBe('redis://10.0.0.9:6379/0');
    expect(loadConfig({ DATA_DIR: dir(), REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir(), REDIS_URL: 'http://10.0.0.9:6379' })).toThrow(/REDIS_URL/);
  });

  it('outside production generates one secret per data directory and keeps it', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const b = loadConfig({ DATA_DIR: d });
    expect(a.APP_SECRET).toHaveLength(64);
    expect(b.APP_SECRET).toBe(a.APP_SECRET);
    expect(readFileSync(path.join(d, '.secret'), 'utf8')).toBe(a.APP_SECRET);
    expect(loadConfig({ DATA_DIR: dir() }).APP_SECRET).not.toBe(a.APP_SECRET);
    expect(a.COOKIE_SECURE).toBe(false);
  });
});
