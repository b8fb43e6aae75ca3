import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DirectUpload } from '@xueban/contract/calls/direct-upload';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import {
  abortMultipart, completeDirect, completeMultipart, createMultipart, signParts, uploadedParts,
} from './direct-upload.service.ts';

/** Direct uploads to the bucket: the presigned POST's completion and multipart uploads (issue 21). */
export const directUploadRoutes: FastifyPluginAsync = async (app) => {
  const who = (req: FastifyRequest) => {
    const me = caller(req);
    return { userId: me.userId, groupId: me.groupId };
  };
  const probe = { resource: 'multipartUpload', field: 'upload_id' } as const;

  route(app, DirectUpload.complete, { config: { access: 'user' } }, async (req) =>
    ok(await completeDirect(app.deps, caller(req).userId, req.body), MSG.done));
  route(app, DirectUpload.multipartCreate, { config: { access: 'user' } }, async (req) =>
    ok(await createMultipart(app.deps, who(req), req.body)));
  route(app, DirectUpload.multipartSign, { config: { access: 'user', tenant: { ...probe, in: 'body' } } }, async (req) =>
    ok(await signParts(app.deps, who(req), req.body.upload_id, req.body.part_numbers)));
  route(app, DirectUpload.multipartParts, { config: { access: 'user', tenant: { ...probe, in: 'query' } } }, async (req) =>
    ok(await uploadedParts(app.deps, who(req), req.query.upload_id)));
  route(app, DirectUpload.multipartComplete, { config: { access: 'user', tenant: { ...probe, in: 'body' } } }, async (req) =>
    ok(await completeMultipart(app.deps, who(req), req.body.upload_id), MSG.done));
  route(app, DirectUpload.multipartAbort, { config: { access: 'user', tenant: { ...probe, in: 'body' } } }, async (req) => {
    await abortMultipart(app.deps, who(req), req.body.upload_id);
    return ok(null);
  });
};
