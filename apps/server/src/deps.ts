import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Deps } from './types.ts';
import type { Database } from './db/client.ts';
import { createCodeSender } from './modules/verify/code-sender.ts';
import { createLocalStorage, createS3Storage } from './modules/files/storage.ts';
import { createEgress } from './lib/egress.ts';
import { createCluster } from './lib/redis.ts';

/** Wires the outside world (mail, object storage, Redis) from configuration. */
export function createDeps(database: Database, config: Config, log: FastifyBaseLogger): Deps {
  const storage = config.S3_BUCKET
    ? createS3Storage({
        endpoint: config.S3_ENDPOINT, region: config.S3_REGION, bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : createLocalStorage(path.join(config.DATA_DIR, 'files'));
  return {
    db: database.db,
    config,
    storage,
    codeSender: createCodeSender({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log }),
    egress: createEgress(config),
    executeSql: database.executeSql,
    dbKind: database.kind,
    cluster: createCluster(config.REDIS_URL, log),
  };
}
