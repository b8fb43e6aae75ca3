import { describe, expect, it } from 'vitest';
import type { RecordItem } from '@xueban/contract/chat';
import { recordToMessages } from './messages.ts';

const record = (extra: Partial<RecordItem> = {}): RecordItem => ({
  id: 5, category_id: 1, robot_id: 2, question: '光合作用需要什么条件？', question_parts: null, annex: [], answer: '只要水。',
  reasoning: '', status: 'done', notice: '', sources: [], correlation_questions: [], recommend_content: '[]', activity_content: '[]',
  is_collect: 0, is_reason: 0, is_network: 0, create_time: 1, ...extra,
});

describe('a stored record with a teacher correction (issue 17)', () => {
  it("carries the correction on the robot's reply, and nothing when there is none", () => {
    const corrected = recordToMessages(record({ correction: { id: 1, record_id: 5, content: '需要光照、水和二氧化碳。', teacher: '王老师', create_time: 2 } }));
    expect(corrected.find((m) => m.type === 2)?.correction).toMatchObject({ content: '需要光照、水和二氧化碳。', teacher: '王老师' });
    expect(recordToMessages(record()).find((m) => m.type === 2)?.correction).toBeNull();
  });
});
