import { hostname } from 'node:os';
import type { Config } from '../config.ts';

/**
 * This process among the nodes of one database: NODE_NAME, else the host name and port (and
 * pm2's instance number), which a restarted node keeps and two live nodes do not share.
 */
export const nodeName = (config: Config) =>
  config.NODE_NAME ?? [hostname(), config.PORT, process.env.NODE_APP_INSTANCE].filter((p) => p !== undefined && p !== '').join(':');
