import type { ResolvedModel } from './model-client.ts';

/** Texts per request, and characters kept of each: within every common provider's limits. */
const BATCH = 32;
const TEXT_MAX = 2_000;

export interface Embedder {
  /** Vectors are stored with their model's name: another model's vectors are never compared. */
  model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** An embedding model through its OpenAI-compatible /embeddings. */
export function embedderFor(m: ResolvedModel): Embedder {
  return {
    model: m.model,
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH).map((t) => t.slice(0, TEXT_MAX) || ' ');
        const res = await m.client.embeddings.create({ model: m.model, input, encoding_format: 'float' }, { signal });
        out.push(...[...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding));
      }
      return out;
    },
  };
}
