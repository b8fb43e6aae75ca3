import { expect, test } from 'vitest';
import { toolCallsOf } from './tool-calls.ts';

test('reads the tool calls stored with a reply, with what was sent and got, and ignores other content', () => {
  const stored = JSON.stringify([
    { id: '0-0', title: '查询课表', state: 'done', duration_ms: 120, tool: 'timetable', arguments: '{"class_name":"初二一班"}', result: '第一节数学' },
    { id: '0-1', title: '查成绩', state: 'failed', duration_ms: 2000, arguments: '{"token":"[redacted]"}', result: '工具调用超时' },
  ]);
  expect(toolCallsOf(stored)).toEqual([
    { title: '查询课表', state: 'done', durationMs: 120, arguments: '{"class_name":"初二一班"}', result: '第一节数学' },
    { title: '查成绩', state: 'failed', durationMs: 2000, arguments: '{"token":"[redacted]"}', result: '工具调用超时' },
  ]);
  expect(toolCallsOf('')).toEqual([]);
  expect(toolCallsOf('not json')).toEqual([]);
  expect(toolCallsOf(JSON.stringify([{ title: '活动', icon_url: '', content_type_str: '' }]))).toEqual([]);
});
