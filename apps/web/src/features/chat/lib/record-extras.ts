import type { ActivityCard, RecommendPart } from '@xueban/contract/chat';
import { RECOMMEND_CONTENT_TYPES } from '@xueban/contract/constants/chat';

/*
 * Records carry recommend_content and activity_content as JSON strings (spec §7). The server
 * checked them against the contract's schemas when it stored them; reading them back, the chat
 * only has to skip what it cannot show rather than break the conversation. Plain checks instead
 * of the schemas: zod would add some 27 kB to the first load of every conversation.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isContentType = (v: unknown): v is RecommendPart['content_type'] =>
  (RECOMMEND_CONTENT_TYPES as readonly unknown[]).includes(v);

/** The objects of a JSON array string; anything unreadable gives none. */
function objectsOf(json: string): Json[] {
  try {
    const value: unknown = JSON.parse(json || '[]');
    return Array.isArray(value) ? value.filter(isObject) : [];
  } catch {
    return [];
  }
}

function recommendPart(item: Json): RecommendPart[] {
  const { content } = item;
  if (!isContentType(item.content_type) || !isObject(content)) return [];
  const sort = Number(item.sort ?? 0);
  const intentId = isObject(content.intent) ? Number(content.intent.id) : NaN;
  return [{
    sort: Number.isFinite(sort) ? sort : 0,
    content_type: item.content_type,
    content: {
      content: text(content.content),
      url: text(content.url),
      title: text(content.title),
      list: Array.isArray(content.list) ? content.list : undefined,
      intent: Number.isFinite(intentId) ? { id: intentId } : undefined,
    },
  }];
}

const STATES = ['running', 'done', 'failed'] as const;
const isState = (v: unknown): v is NonNullable<ActivityCard['state']> => (STATES as readonly unknown[]).includes(v);

/** A card; a tool call's (issue 19) also has its id, state and duration. */
const activityCard = (item: Json): ActivityCard[] =>
  typeof item.title === 'string'
    ? [{
        title: item.title, icon_url: text(item.icon_url) ?? '', content_type_str: text(item.content_type_str) ?? '',
        ...(typeof item.id === 'string' ? { id: item.id } : {}),
        ...(isState(item.state) ? { state: item.state } : {}),
        ...(typeof item.duration_ms === 'number' ? { duration_ms: item.duration_ms } : {}),
      }]
    : [];

/** A record's recommend content (message type 3), in `sort` order. */
export const parseRecommendContent = (json: string): RecommendPart[] =>
  objectsOf(json).flatMap(recommendPart).sort((a, b) => a.sort - b.sort);

/** A record's activity cards (message type 5). */
export const parseActivityContent = (json: string): ActivityCard[] => objectsOf(json).flatMap(activityCard);
