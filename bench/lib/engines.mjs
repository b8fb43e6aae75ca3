// Which engines of the several-machines deployment this machine has (Debian's packages), for the
// cluster bench and for `npm test`, which runs its short version only where they are installed.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const isRoot = process.getuid?.() === 0;

/** Debian's PostgreSQL binaries (the newest version installed), or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}

export const onPath = (bin) => ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]
  .map((d) => path.join(d, bin)).find((p) => existsSync(p)) ?? null;

/** What the cluster bench needs and this machine lacks (empty: all there). */
export function missingEngines() {
  const missing = [];
  if (!postgresBin()) missing.push('postgresql (apt-get install postgresql)');
  if (!onPath('redis-server')) missing.push('redis-server (apt-get install redis-server)');
  if (!onPath('nginx')) missing.push('nginx (apt-get install nginx)');
  if (isRoot && !onPath('runuser')) missing.push('runuser (util-linux)');
  return missing;
}
