import type { ChatSource } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import type { Config } from '../config.ts';
import type { EgressFetch } from '../lib/egress.ts';

/**
 * Web search for 联网 answers (design.md §5): SearXNG's JSON API, Bing Web Search v7 or Bocha,
 * the first configured in that order. Every call goes through the egress guard; a failure rejects
 * with a Chinese message the pipeline shows before answering without search.
 */
export interface WebSearch {
  readonly name: string;
  search(query: string, opts?: { signal?: AbortSignal; limit?: number }): Promise<ChatSource[]>;
}

/** Test-only seams: fake endpoints for the keyed APIs and a shorter time limit. Never from env. */
export interface WebSearchOverrides {
  bingEndpoint?: string;
  bochaEndpoint?: string;
  timeoutMs?: number;
}

const BING_ENDPOINT = 'https://api.bing.microsoft.com/v7.0/search';
const BOCHA_ENDPOINT = 'https://api.bochaai.com/v1/web-search';
const TIMEOUT_MS = 8_000;
const SNIPPET_CHARS = 300;
/** Engines do poorly with paragraphs; the start of the question carries the search terms. */
const QUERY_CHARS = 200;

interface Hit { title?: unknown; url?: unknown; snippet?: unknown }

/** How one provider asks and where its answer keeps the hits. */
interface Provider {
  name: string;
  request(query: string, limit: number): { url: string; init: RequestInit };
  hits(json: any): unknown;
}

function searxng(base: string): Provider {
  return {
    name: 'searxng',
    request(query) {
      const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      return { url: url.href, init: { headers: { accept: 'application/json' } } };
    },
    hits: (json) => json?.results?.map?.((r: any) => ({ title: r?.title, url: r?.url, snippet: r?.content })),
  };
}

function bing(key: string, endpoint: string): Provider {
  return {
    name: 'bing',
    request(query, limit) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(limit));
      url.searchParams.set('mkt', 'zh-CN');
      return { url: url.href, init: { headers: { 'Ocp-Apim-Subscription-Key': key, accept: 'application/json' } } };
    },
    hits: (json) => json?.webPages?.value?.map?.((r: any) => ({ title: r?.name, url: r?.url, snippet: r?.snippet })),
  };
}

function bocha(key: string, endpoint: string): Provider {
  return {
    name: 'bocha',
    request(query, limit) {
      return {
        url: endpoint,
        init: {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query, count: limit, summary: true }),
        },
      };
    },
    hits: (json) => json?.data?.webPages?.value?.map?.((r: any) => ({
      title: r?.name, url: r?.url, snippet: r?.snippet || r?.summary,
    })),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** At most `max` characters, cut by code point so a snippet never ends in half a character. */
const cut = (s: string, max: number, more = '…') => {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max - more.length).join('')}${more}` : s;
};

const isWebUrl = (u: string) => {
  try {
    const { protocol } = new URL(u);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

function toSources(hits: unknown, limit: number): ChatSource[] {
  if (!Array.isArray(hits)) throw new Error('unexpected response shape');
  const out: ChatSource[] = [];
  for (const h of hits as Hit[]) {
    const url = text(h?.url);
    if (!isWebUrl(url)) continue;
    out.push({ title: cut(text(h.title) || url, SNIPPET_CHARS), url, snippet: cut(text(h.snippet), SNIPPET_CHARS) });
    if (out.length >= limit) break;
  }
  return out;
}

export function createWebSearch(config: Config, fetch: EgressFetch, overrides: WebSearchOverrides = {}): WebSearch | null {
  const provider = config.WEB_SEARCH_URL ? searxng(config.WEB_SEARCH_URL)
    : config.BING_SEARCH_KEY ? bing(config.BING_SEARCH_KEY, overrides.bingEndpoint ?? BING_ENDPOINT)
      : config.BOCHA_API_KEY ? bocha(config.BOCHA_API_KEY, overrides.bochaEndpoint ?? BOCHA_ENDPOINT)
        : null;
  if (!provider) return null;
  const timeoutMs = overrides.timeoutMs ?? TIMEOUT_MS;

  return {
    name: provider.name,
    async search(query, opts = {}) {
      const q = cut(text(query), QUERY_CHARS, '');
      const limit = Math.max(1, Math.min(opts.limit ?? 5, 20));
      if (!q) return [];
      const signals = [AbortSignal.timeout(timeoutMs), ...(opts.signal ? [opts.signal] : [])];
      const { url, init } = provider.request(q, limit);
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.any(signals) });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new Error(`${provider.name} answered HTTP ${res.status}`);
        }
        return toSources(provider.hits(await res.json()), limit);
      } catch (cause) {
        // The user stopping the answer is not a search failure: let the caller see its own abort.
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw new Error(MSG.webSearchFailed, { cause });
      }
    },
  };
}
