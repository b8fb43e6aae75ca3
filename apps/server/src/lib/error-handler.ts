import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { AppError } from './errors.ts';

/** Fastify's own client errors, mapped to a clear Chinese message. */
const CLIENT_ERRORS: Record<number, { code: number; msg: string }> = {
  400: { code: Code.BAD_REQUEST, msg: MSG.validationFailed },
  401: { code: Code.TOKEN_INVALID, msg: MSG.loginRequired },
  403: { code: Code.FORBIDDEN, msg: MSG.noAccess },
  404: { code: Code.NOT_FOUND, msg: MSG.notFound },
  406: { code: Code.BAD_REQUEST, msg: MSG.validationFailed },
  413: { code: Code.TOO_LARGE, msg: MSG.payloadTooLarge },
  415: { code: Code.UNSUPPORTED_TYPE, msg: MSG.validationFailed },
  429: { code: Code.TOO_MANY, msg: MSG.tooManyAttempts },
};

/**
 * The one error handler: every error leaves as the `{code, msg, data}` envelope with the
 * request id; validation errors list the fields; a 5xx never tells what went wrong inside.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const request_id = req.id;
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, msg: err.message, data: err.data, request_id });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: [err.validationContext, v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('.'),
        message: v.message ?? MSG.validationFailed,
      }));
      const first = fields[0]?.message;
      const msg = first && /[\u4e00-\u9fa5]/.test(first) ? first : MSG.validationFailed;
      return reply.status(400).send({ code: Code.VALIDATION, msg, data: { fields }, request_id });
    }
    if (isPgDataException(err)) {
      return reply.status(400).send({ code: Code.VALIDATION, msg: MSG.validationFailed, data: null, request_id });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const known = CLIENT_ERRORS[status] ?? { code: Code.BAD_REQUEST, msg: MSG.validationFailed };
      return reply.status(status).send({ code: known.code, msg: known.msg, data: null, request_id });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: Code.SERVER_ERROR, msg: MSG.serverError, data: null, request_id });
  });

}

/**
 * Postgres SQLSTATE class 22 ("data exception": a NUL byte in text, a number out of range, an
 * unparsable value) is the client's bad input reaching the database, not a server fault.
 */
function isPgDataException(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  return /^22[0-9A-Z]{3}$/.test(code);
}
