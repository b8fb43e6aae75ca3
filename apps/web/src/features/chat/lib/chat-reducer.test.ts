import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_REENABLE_MS } from '@xueban/contract/constants/chat';
import { MSG } from '@xueban/contract/messages';
import { useChatStream } from '../stores/chat-stream.ts';
import { canContinue, type ChatMessage } from './messages.ts';
import { canSend, canStop, chatReducer, initialChatState, type ChatAction, type ChatStreamState } from './chat-reducer.ts';

const user: ChatMessage = { key: 'u1', type: 1, content: '你好', create_time: 1 };
const reply: ChatMessage = { key: 'a1', type: 2, content: '', create_time: 1 };
const run = (actions: ChatAction[], from: ChatStreamState = initialChatState) => actions.reduce(chatReducer, from);
const sent = run([{ type: 'input', value: '你好' }, { type: 'send', user, reply, input: '你好' }]);
const answer = (s: ChatStreamState) => s.live.find((m) => m.key === 'a1')!;

describe('chat send state machine', () => {
  it('send adds the question and a loading reply, empties the input and locks sending; stop waits for content', () => {
    expect(sent.phase).toBe('waiting');
    expect(sent.input).toBe('');
    expect(sent.live.map((m) => [m.key, m.loading])).toEqual([['u1', undefined], ['a1', true]]);
    expect(canSend(sent)).toBe(false);
    expect(canStop(sent)).toBe(false);
    // A heartbeat or an empty delta is not content yet.
    const beat = run([{ type: 'event', name: 'heartbeat', data: {} }, { type: 'event', name: 'chat', data: { content: '' } }], sent);
    expect(canStop(beat)).toBe(false);
    // A second send while one is in flight is ignored.
    expect(chatReducer(sent, { type: 'send', user: { ...user, key: 'u2' }, reply: { ...reply, key: 'a2' }, input: 'x' })).toBe(sent);
  });

  it('tool calls\' activity cards (issue 19) form one type 5 list after the reply, each card updated in place', () => {
    const card = (state: 'running' | 'done' | 'failed', id = 'tool-0-0') => ({ id, title: '查询课表', icon_url: '', content_type_str: '学校课表', state, duration_ms: state === 'running' ? 0 : 1200 });
    const s = run([
      { type: 'event', name: 'activity', data: card('running') },
      { type: 'event', name: 'activity', data: card('running', 'tool-0-1') },
      { type: 'event', name: 'activity', data: card('done') },
      { type: 'event', name: 'activity', data: card('failed', 'tool-0-1') },
    ], sent);
    const lists = s.live.filter((m) => m.type === 5);
    expect(lists).toHaveLength(1);
    expect(lists[0]!.activities!.map((c) => [c.id, c.state])).toEqual([['tool-0-0', 'done'], ['tool-0-1', 'failed']]);
    // A failed connection takes the cards away with the exchange.
    expect(chatReducer(s, { type: 'connectionError' }).live).toEqual([]);
  });

  it('reasoning or content enables 停止回答; deltas append; close ends loading and cools down before idle', () => {
    const thinking = run([{ type: 'event', name: 'reasoning', data: { content: '想' } }], sent);
    expect(canStop(thinking)).toBe(true);
    const s = run([
      { type: 'event', name: 'chat', data: { content: '你' } },
      { type: 'event', name: 'chat', data: { content: '好' } },
      { type: 'event', name: 'finish', data: { status: 'done', sources: [{ title: '资料', snippet: '', url: 'https://a.example/x' }] } },
      { type: 'event', name: 'correlation_questions', data: ['还有呢？'] },
      { type: 'event', name: 'records', data: { id: 9 } },
      { type: 'event', name: 'close', data: {} },
    ], thinking);
    expect(answer(s)).toMatchObject({ content: '你好', reasoning: '想', loading: false, status: 'done', recordId: 9 });
    expect(s.live.find((m) => m.key === 'u1')!.recordId).toBe(9);
    expect(s.live.at(-1)).toMatchObject({ type: 6, questions: ['还有呢？'] });
    expect(s.phase).toBe('cooldown');
    expect(canSend(s)).toBe(false);
    expect(canSend(chatReducer(s, { type: 'reenable' }))).toBe(true);
  });

  it('a matched intent\'s recommend content (finish.recommend_content) follows the reply as a type 3 message', () => {
    const part = { sort: 0, content_type: 'text' as const, content: { content: '请在教务系统提交请假申请' } };
    const s = run([
      { type: 'event', name: 'chat', data: { content: '好的' } },
      { type: 'event', name: 'finish', data: { status: 'done', sources: [], recommend_content: [part] } },
    ], sent);
    expect(s.live.map((m) => m.type)).toEqual([1, 2, 3]);
    expect(s.live.at(-1)).toMatchObject({ type: 3, recommend: [part] });
    const plain = run([{ type: 'event', name: 'finish', data: { status: 'done', sources: [] } }], sent);
    expect(plain.live.map((m) => m.type)).toEqual([1, 2]);
  });

  it('the store re-enables sending 200 ms after close, not before', () => {
    vi.useFakeTimers();
    const { dispatch } = useChatStream.getState();
    dispatch({ type: 'reset' });
    dispatch({ type: 'send', user, reply, input: '你好' });
    dispatch({ type: 'event', name: 'chat', data: { content: '好' } });
    dispatch({ type: 'event', name: 'close', data: {} });
    vi.advanceTimersByTime(SEND_REENABLE_MS - 1);
    expect(useChatStream.getState().phase).toBe('cooldown');
    vi.advanceTimersByTime(1);
    expect(useChatStream.getState().phase).toBe('idle');
  });

  it('an error event ends loading with the event msg, or 请求失败，请重试！ without one', () => {
    const withMsg = run([{ type: 'event', name: 'chat', data: { content: '半' } }, { type: 'event', name: 'error', data: { msg: 'AI 模型暂时不可用' } }], sent);
    expect(answer(withMsg)).toMatchObject({ content: 'AI 模型暂时不可用', loading: false, status: 'failed' });
    expect(withMsg.phase).toBe('cooldown');
    const bare = run([{ type: 'event', name: 'error', data: { msg: '' } }, { type: 'event', name: 'close', data: {} }], sent);
    expect(answer(bare).content).toBe(MSG.requestFailed);
  });

  it('a connection-level error removes both new messages and restores the input', () => {
    const before = run([{ type: 'send', user: { ...user, key: 'u0' }, reply: { ...reply, key: 'a0' }, input: 'x' }, { type: 'event', name: 'close', data: {} }, { type: 'reenable' }]);
    const s = run([{ type: 'send', user, reply, input: '你好' }, { type: 'event', name: 'chat', data: { content: '半' } }, { type: 'connectionError' }], before);
    expect(s.live.map((m) => m.key)).toEqual(['u0', 'a0']);
    expect(s.input).toBe('你好');
    expect(canSend(s)).toBe(true);
  });

  it('stop marks the reply stopped so 继续 is offered; continue streams into the same reply', () => {
    const stopped = run([{ type: 'event', name: 'chat', data: { content: '一半' } }, { type: 'event', name: 'records', data: { id: 3 } }, { type: 'stopped' }, { type: 'reenable' }], sent);
    expect(answer(stopped)).toMatchObject({ status: 'stopped', loading: false });
    // Stopped before `records` (it comes at the end): 继续 waits for the id learnt afterwards.
    const unnamed = run([{ type: 'event', name: 'chat', data: { content: '一' } }, { type: 'stopped' }], sent);
    expect(canContinue(answer(unnamed))).toBe(false);
    expect(canContinue(answer(chatReducer(unnamed, { type: 'record', keys: ['u1', 'a1'], id: 3 })))).toBe(true);
    expect(canContinue(answer(stopped))).toBe(true);
    const resumed = run([{ type: 'continue', reply: answer(stopped) }, { type: 'event', name: 'chat', data: { content: '，另一半' } }, { type: 'event', name: 'finish', data: { status: 'done', sources: [] } }, { type: 'event', name: 'close', data: {} }], stopped);
    expect(answer(resumed)).toMatchObject({ content: '一半，另一半', status: 'done' });
    expect(canContinue(answer(resumed))).toBe(false);
  });

  it('continue of a history reply overrides it; remove_msg empties the answer and msg adds a notice', () => {
    const stored: ChatMessage = { key: 'a7', type: 2, content: '旧', create_time: 1, status: 'interrupted', recordId: 7 };
    const s = run([{ type: 'continue', reply: stored }, { type: 'event', name: 'chat', data: { content: '新' } }, { type: 'event', name: 'remove_msg', data: {} }, { type: 'event', name: 'msg', data: { content: MSG.sensitiveAnswer } }]);
    expect(s.overrides.a7).toMatchObject({ content: '', loading: true });
    expect(s.live).toEqual([expect.objectContaining({ type: 7, content: MSG.sensitiveAnswer })]);
    const failed = chatReducer(run([{ type: 'continue', reply: stored }]), { type: 'connectionError' });
    expect(failed.overrides).toEqual({});
    expect(failed.phase).toBe('idle');
  });
});

describe('a re-sent stream (resuming)', () => {
  it('keeps the question and the empty input, and lets the replay fill the reply from its start: nothing doubled', () => {
    const broken = run([{ type: 'event', name: 'chat', data: { content: '一二' } }], sent);
    const resumed = run([
      { type: 'resuming' },
      { type: 'event', name: 'chat', data: { content: '一二三' } },
      { type: 'event', name: 'chat', data: { content: '四' } },
      { type: 'event', name: 'close', data: {} },
    ], broken);
    expect(resumed.live.map((m) => [m.key, m.content])).toEqual([['u1', '你好'], ['a1', '一二三四']]);
    expect(resumed.input).toBe('');
    expect(chatReducer(broken, { type: 'resuming' }).phase).toBe('streaming');
  });
});

afterEach(() => vi.useRealTimers());
