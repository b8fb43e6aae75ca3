/**
 * What the console says once the server listens: one readable line per fact an operator needs
 * (README "Set up"). Pure, so a unit test reads exactly what is printed.
 */
export interface StartFacts {
  /** PUBLIC_URL, when set. */
  publicUrl: string | undefined;
  host: string;
  /** The port actually bound (PORT=0 picks one). */
  port: number;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  /** The model LLM_* registered at this boot, if any. */
  envModel: { model: string; baseUrl: string } | null;
  /** Enabled chat models known to the database (the env one included), the default first. */
  models: { label: string; isDefault: boolean }[];
  admin: { account: string; generatedPassword: string | null };
  demoRobot: string | null;
}

const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/** The address to open: PUBLIC_URL, else this machine's on the bound port. */
export function openUrl(f: Pick<StartFacts, 'publicUrl' | 'host' | 'port'>): string {
  if (f.publicUrl) return f.publicUrl.replace(/\/$/, '');
  const host = LOCAL_HOSTS.has(f.host) ? 'localhost' : f.host.includes(':') ? `[${f.host}]` : f.host;
  return `http://${host}:${f.port}`;
}

/** A PostgreSQL URL without its credentials: host, port and database. */
function postgresWhere(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export function startLines(f: StartFacts): string[] {
  const lines = [`学伴 AI is running: open ${openUrl(f)}`];
  lines.push(f.database.kind === 'pglite'
    ? `database: embedded PGlite at ${f.database.dir}`
    : `database: PostgreSQL at ${postgresWhere(f.database.url)}`);
  const def = f.models.find((m) => m.isDefault) ?? f.models[0];
  if (f.envModel) {
    lines.push(`model: ${f.envModel.model} at ${f.envModel.baseUrl} (registered from LLM_*)${def && def.label !== f.envModel.model ? `; default model: ${def.label}` : ''}`);
  } else if (def) {
    lines.push(`model: ${def.label} (default of ${f.models.length} set up in 管理后台 → AI 模型)`);
  } else {
    lines.push('no model: built-in engine answers from each robot\'s knowledge (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or add one in 管理后台 → AI 模型)');
  }
  lines.push(`admin account: ${f.admin.account}`);
  if (f.admin.generatedPassword) {
    lines.push(`admin password (初始密码): ${f.admin.generatedPassword} (shown only this once: log in and change it)`);
  }
  if (f.demoRobot) lines.push(`demo content: robot ${f.demoRobot} in 示例学校, open to every new learner (DEMO_CONTENT=0 to skip)`);
  return lines;
}
