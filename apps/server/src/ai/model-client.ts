import OpenAI from 'openai';
import type { ModelCapability } from '@xueban/contract/ai-models';
import type { Config } from '../config.ts';
import type { EgressFetch } from '../lib/egress.ts';
import { open } from './secret-box.ts';


/** A model ready to call: the provider's client plus what the pipeline needs to know of it. */
export interface ResolvedModel {
  id: number;
  model: string;
  label: string;
  capabilities: ModelCapability[];
  contextWindow: number;
  tips: string;
  client: OpenAI;
}

export interface ModelNeeds {
  /** 深度思考: prefer the robot's reasoning model, then any reasoning-capable one. */
  reasoning?: boolean;
  /** The question has image parts: prefer a vision-capable model. */
  vision?: boolean;
}

/** A provider as the client needs it: its address, its sealed key, and when it last changed. */
export interface ProviderKey { id: number; baseUrl: string; apiKeyEnc: string; updatedAt: Date }

/** Clients are cached per provider version, so a key or URL change takes effect at once. */
const clientsByFetch = new WeakMap<EgressFetch, Map<number, { version: string; client: OpenAI }>>();

export function clientFor(p: ProviderKey, config: Config, fetch: EgressFetch): OpenAI {
  // One client per provider: an edit (newer updated_at) or another secret replaces it.
  const version = `${p.updatedAt.getTime()}:${config.APP_SECRET.slice(0, 8)}:${p.baseUrl}`;
  let clients = clientsByFetch.get(fetch);
  if (!clients) clientsByFetch.set(fetch, (clients = new Map()));
  const cached = clients.get(p.id);
  let client = cached?.version === version ? cached.client : undefined;
  if (!client) {
    client = new OpenAI({
      baseURL: p.baseUrl,
      // Local servers (Ollama, vLLM) take any key; the SDK insists on one.
      apiKey: open(config.APP_SECRET, p.apiKeyEnc) || 'none',
      fetch,
      maxRetries: 1,
      timeout: config.LLM_IDLE_TIMEOUT_MS,
    });
    clients.set(p.id, { version, client });
  }
  return client;
}
