// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- parsing stored records needs the schemas; this loads with the messages (Conversation), never with an empty chat
import { activityCardSchema, recommendPartSchema, type ActivityCard, type RecommendPart } from '@xueban/contract/chat';

/** What is needed of a contract schema here. */
interface ItemSchema<T> { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }

/**
 * The items of a JSON string list that fit `schema` (spec §7: records carry recommend_content
 * and activity_content as JSON strings). Anything unreadable is left out rather than breaking
 * the conversation it belongs to.
 */
function parseList<T>(json: string, schema: ItemSchema<T>): T[] {
  let value: unknown;
  try {
    value = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A record's recommend content (message type 3), in `sort` order. */
export const parseRecommendContent = (json: string): RecommendPart[] =>
  parseList(json, recommendPartSchema).sort((a, b) => a.sort - b.sort);

/** A record's activity cards (message type 5). */
export const parseActivityContent = (json: string): ActivityCard[] => parseList(json, activityCardSchema);
