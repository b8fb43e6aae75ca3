import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { Serialized } from './serialized.ts';

type Write = (data: unknown) => string;

/**
 * zod's JSON Schema closes each object (additionalProperties: false). fast-json-stringify writes
 * only declared properties anyway, but picks a branch of a union (a nullable object) by
 * validating the data against it, and our data carries more than it shows: open every object.
 */
function opened(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(opened);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node)
    .filter(([k, v]) => !(k === 'additionalProperties' && v === false))
    .map(([k, v]) => [k, opened(v)]));
}

/**
 * Responses are written by fast-json-stringify, compiled from the route's response schema (its
 * JSON Schema, as /api/docs shows it): like the zod parse it replaces, it writes only the fields
 * the schema declares, at a fraction of the cost (issue 23). A schema JSON Schema cannot express
 * keeps the zod parse. Compiled on a route's first answer, so a start does not pay for routes not
 * asked. With `checked` (everywhere but production) each answer is also written by the zod parse
 * and the two must agree: every test that reads a response checks the fast path.
 * An answer already written (lib/serialized.ts) is sent as it is; with `checked` it must read the
 * same after the zod parse, so it holds nothing the schema would strip or refuse.
 */
export function responseSerializer(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const byZod = zodSerializer(route as never) as Write;
    let write: Write | undefined;
    const compile = (): Write => {
      let fast: Write;
      try {
        const schema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
        fast = fastJson(opened(schema) as Parameters<typeof fastJson>[0]) as Write;
      } catch {
        return byZod;
      }
      if (!checked) return fast;
      return (data) => {
        const expected = byZod(data);
        const got = fast(data);
        if (!isDeepStrictEqual(JSON.parse(got), JSON.parse(expected))) {
          throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${got.slice(0, 300)} where the schema gives ${expected.slice(0, 300)}`);
        }
        return got;
      };
    };
    const sendWritten = (text: string) => {
      if (checked && !isDeepStrictEqual(JSON.parse(byZod(JSON.parse(text))), JSON.parse(text))) {
        throw new Error(`${route.method} ${route.url}: the answer written beforehand ${text.slice(0, 300)} is not what the schema gives`);
      }
      return text;
    };
    return (data) => (data instanceof Serialized ? sendWritten(data.text) : (write ??= compile())(data));
  };
}
