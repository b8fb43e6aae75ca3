/**
 * The lane of this Playwright worker: its own server and the ports its fake outside services
 * listen on. `e2e/run.mjs` starts one lane per worker (E2E_LANES) so spec files run in parallel
 * without sharing a server or a port; a worker keeps its parallel index, so a restarted worker
 * comes back to the same lane.
 */
/** mcpPort and ssoPort: where a spec's MCP server and OpenID Connect provider listen (EGRESS_MCP_ORIGINS, EGRESS_SSO_ORIGINS allow them). */
export interface Lane { baseUrl: string; modelPort: number; pagePort: number; mcpPort: number; ssoPort: number }

function lanes(): Lane[] {
  if (process.env.E2E_LANES) return JSON.parse(process.env.E2E_LANES) as Lane[];
  return [{
    baseUrl: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    modelPort: Number(process.env.E2E_MODEL_PORT ?? 0),
    pagePort: Number(process.env.E2E_PAGE_PORT ?? 0),
    mcpPort: Number(process.env.E2E_MCP_PORT ?? 0),
    ssoPort: Number(process.env.E2E_SSO_PORT ?? 0),
  }];
}

const all = lanes();
export const LANE: Lane = all[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % all.length]!;
