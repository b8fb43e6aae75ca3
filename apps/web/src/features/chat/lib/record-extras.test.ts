import { describe, expect, it } from 'vitest';
import { activityCardSchema, recommendPartSchema } from '@xueban/contract/chat';
import { parseActivityContent, parseRecommendContent } from './record-extras.ts';

/** What the contract's schema makes of a JSON list: the reader must agree with it. */
const bySchema = <T,>(json: string, schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }) =>
  (JSON.parse(json) as unknown[]).flatMap((item) => {
    const r = schema.safeParse(item);
    return r.success ? [r.data as T] : [];
  });

// Drops undefined fields, as JSON would: the schema leaves them out, the reader sets them undefined.
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('record extras', () => {
  it('reads recommend parts as the contract does, in sort order, skipping what does not fit', () => {
    const json = JSON.stringify([
      { sort: 2, content_type: 'link', content: { url: 'https://a.example', title: '链接' } },
      { sort: '1', content_type: 'has_intent', content: { title: '意图', intent: { id: '7' } } },
      { content_type: 'text', content: { content: '你好' } },
      { sort: 0, content_type: 'video', content: {} },
      { sort: 3, content_type: 'text' },
      'not an object',
    ]);
    const parts = parseRecommendContent(json);
    const expected = bySchema(json, recommendPartSchema).sort((a, b) => (a as { sort: number }).sort - (b as { sort: number }).sort);
    expect(plain(parts)).toEqual(plain(expected));
    expect(parts.map((p) => p.content_type)).toEqual(['text', 'has_intent', 'link']);
    expect(parts[1]!.content.intent).toEqual({ id: 7 });
  });

  it('reads activity cards as the contract does, with its defaults', () => {
    const json = JSON.stringify([{ title: '春游', icon_url: '/a.png' }, { title: '讲座', content_type_str: '活动' }, { icon_url: '/b.png' }]);
    const cards = parseActivityContent(json);
    expect(cards).toEqual(bySchema(json, activityCardSchema));
    expect(cards).toEqual([
      { title: '春游', icon_url: '/a.png', content_type_str: '' },
      { title: '讲座', icon_url: '', content_type_str: '活动' },
    ]);
  });

  it('reads a tool call\'s card with its id, state and duration, dropping what the chat does not show', () => {
    const json = JSON.stringify([{ id: 'tool-0-0', title: '查询课表', content_type_str: '学校课表', state: 'done', duration_ms: 1200, arguments: '{}', result: 'x' }, { title: '坏状态', state: 'exploded' }]);
    expect(parseActivityContent(json)).toEqual([
      { id: 'tool-0-0', title: '查询课表', icon_url: '', content_type_str: '学校课表', state: 'done', duration_ms: 1200 },
      { title: '坏状态', icon_url: '', content_type_str: '' },
    ]);
  });

  it('gives an empty list for an empty, broken or non-list value', () => {
    for (const json of ['', 'not json', '{"title":"x"}', 'null']) {
      expect(parseRecommendContent(json)).toEqual([]);
      expect(parseActivityContent(json)).toEqual([]);
    }
  });
});
