import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { CallData, CallDef } from '@xueban/contract/call';
import type { Serialized } from './serialized.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

export type CallRequest<C extends CallDef> = FastifyRequest<{
  Querystring: Parsed<C['query']>;
  Body: Parsed<C['body']>;
}>;

/** The success envelope a JSON call answers with (lib/envelope.ts `ok`). */
export interface CallEnvelope<C extends CallDef> {
  code: number;
  msg: string;
  data: CallData<C>;
}

/**
 * A call with `produces` answers by itself (a file, a stream) and returns the reply; a JSON call
 * returns its envelope, or the envelope's text already written (lib/serialized.ts).
 */
type CallAnswer<C extends CallDef> = C extends { produces: string } ? FastifyReply | void : CallEnvelope<C> | Serialized<CallEnvelope<C>>;

export interface RouteOptions extends Pick<RouteShorthandOptions, 'onRequest' | 'onSend'> {
  /** access (required), tenant probe or exemption, rate limit: see lib/access.ts. */
  config: FastifyContextConfig & Required<Pick<FastifyContextConfig, 'access'>>;
}

/** The envelope around a call's `data`: what the client's 200 answer may hold, and nothing more. */
export const envelopeOf = (data: z.ZodType) => z.object({ code: z.number(), msg: z.string(), data });

/**
 * Registers a call of the contract as a route: its method and path, the query or body schema
 * that validates the request, and the response schema that strips what is not declared (and
 * documents it at /api/docs). Register the module's plugin without a prefix: the path is whole.
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  options: RouteOptions,
  handler: (req: CallRequest<C>, reply: FastifyReply) => Promise<CallAnswer<C>>,
) {
  const response = call.produces
    ? { 200: call.response.meta({ description: call.produces }) }
    : { 200: envelopeOf(call.response) };
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      // The controller: the segment before the call's own name (/api/uc/Banner/lists → Banner, /api/files/* → files).
      tags: [call.path.split('/').at(-2) ?? 'api'],
      summary: call.summary,
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response,
    },
    ...options,
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
