import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordItem } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { installAntdJsdomShims } from '../../../test-support/antd-jsdom.ts';
import { recordToMessages } from '../lib/messages.ts';
import { MessageItem } from './MessageItem.tsx';

/** A stored exchange as GET chat_records/chatLog returns it, with these extras. */
const record = (extras: Partial<Pick<RecordItem, 'recommend_content' | 'activity_content'>>): RecordItem => ({
  id: 7, category_id: 1, robot_id: 1, question: '有什么活动？', question_parts: null, annex: [], answer: '请看下面。',
  reasoning: '', status: 'done', notice: '', sources: [], correlation_questions: [], recommend_content: '[]', activity_content: '[]',
  is_collect: 0, is_reason: 0, is_network: 0, create_time: 1_700_000_000, ...extras,
});

/** The panel's rendering of every message of a record, in order. */
function renderRecord(r: RecordItem) {
  const messages = recordToMessages(r);
  render(<>{messages.map((m) => <MessageItem key={m.key} message={m} onAsk={() => {}} onContinue={() => {}} busy={false} />)}</>);
  return messages;
}

const cards = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ title: `活动${i + 1}`, icon_url: '', content_type_str: '课程' })));
/** The activity list, once its lazily loaded code has rendered it. */
const activityGroup = () => screen.findByRole('group', { name: MSG.activityList });
const activityTitles = () => within(screen.getByRole('group', { name: MSG.activityList })).queryAllByText(/^活动\d+$/).map((e) => e.textContent);

describe('recommend content (type 3) and activity lists (type 5) from a record (spec §3, §4)', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  it('an intent in the recommend content is a button that asks that intent', () => {
    const asked: [number, string][] = [];
    const [, , recommend] = recordToMessages(record({ recommend_content: JSON.stringify([{ sort: 0, content_type: 'has_intent', content: { title: '奖学金申请', intent: { id: 42 } } }]) }));
    render(<MessageItem message={recommend!} onAsk={() => {}} onAskIntent={(id, title) => asked.push([id, title])} onContinue={() => {}} busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: /奖学金申请/ }));
    expect(asked).toEqual([[42, '奖学金申请']]);
  });

  it('shows the recommend content in sort order: text, a link, a file, an intent; only http(s) links open', () => {
    const recommend = [
      { sort: 3, content_type: 'annex', content: { title: '实验手册.pdf', url: 'https://files.example/manual.pdf' } },
      { sort: 1, content_type: 'text', content: { content: '先读教材第三章。' } },
      { sort: 2, content_type: 'link', content: { title: '光合作用动画', url: 'https://video.example/p' } },
      { sort: 4, content_type: 'has_intent', content: { title: '光合作用的条件', intent: { id: 5 } } },
      { sort: 5, content_type: 'link', content: { title: '危险链接', url: 'javascript:alert(1)' } },
    ];
    const messages = renderRecord(record({ recommend_content: JSON.stringify(recommend) }));
    // The list follows the reply, in the robot's turn.
    expect(messages.map((m) => m.type)).toEqual([1, 2, 3]);
    const list = screen.getByLabelText(MSG.recommendList);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.trim())).toEqual(['先读教材第三章。', '光合作用动画', '实验手册.pdf', '光合作用的条件', '危险链接']);
    // Each kind shows its icon: link, file, intent.
    expect(items.map((li) => li.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '')).toEqual(['', 'link', 'paper-clip', 'bulb', 'link']);
    expect(within(list).getByRole('link', { name: /光合作用动画/ }).getAttribute('href')).toBe('https://video.example/p');
    expect(within(list).getByRole('link', { name: /实验手册/ }).getAttribute('href')).toBe('https://files.example/manual.pdf');
    expect(within(list).queryByRole('link', { name: /危险链接/ })).toBeNull();
  });

  it('shows the first 4 activity cards, 展开 shows all, 收起 the first 4 again', async () => {
    const messages = renderRecord(record({ activity_content: cards(6) }));
    expect(messages.map((m) => m.type)).toEqual([1, 2, 5]);
    await activityGroup();
    expect(activityTitles()).toEqual(['活动1', '活动2', '活动3', '活动4']);
    fireEvent.click(screen.getByRole('button', { name: MSG.expandActivities }));
    expect(activityTitles()).toEqual(['活动1', '活动2', '活动3', '活动4', '活动5', '活动6']);
    fireEvent.click(screen.getByRole('button', { name: MSG.collapseActivities }));
    expect(activityTitles()).toHaveLength(4);
  });

  it('shows a stored reply\'s tool calls with their state and duration (issue 19)', async () => {
    const tools = JSON.stringify([
      { id: 'tool-0-0', title: '查询课表', content_type_str: '学校课表', state: 'done', duration_ms: 1234 },
      { id: 'tool-0-1', title: '很慢的工具', content_type_str: '学校课表', state: 'failed', duration_ms: 2000 },
    ]);
    renderRecord(record({ activity_content: tools }));
    const group = await activityGroup();
    expect(within(group).getByText('查询课表')).toBeTruthy();
    expect(within(group).getByText(`${MSG.mcpToolDone} 1.2秒`)).toBeTruthy();
    expect(within(group).getByText(`${MSG.mcpToolFailed} 2.0秒`)).toBeTruthy();
  });

  it('offers no 展开 for 4 cards or fewer', async () => {
    renderRecord(record({ activity_content: cards(4) }));
    await activityGroup();
    expect(activityTitles()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: MSG.expandActivities })).toBeNull();
  });

  it('leaves out what cannot be read, and adds no message for empty or broken extras', async () => {
    expect(recordToMessages(record({ recommend_content: 'not json', activity_content: '{"title":"x"}' })).map((m) => m.type)).toEqual([1, 2]);
    const mixed = JSON.stringify([{ title: '好的活动' }, { icon_url: 'no title' }, 42]);
    renderRecord(record({ activity_content: mixed }));
    expect(within(await activityGroup()).getAllByText(/活动/).map((e) => e.textContent)).toEqual(['好的活动']);
  });
});

describe('an exchange from a record: the question, the answer with its reasoning, the related questions', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  it('related questions are buttons under 相关问题; clicking one asks it', () => {
    const asked: string[] = [];
    const [, , related] = recordToMessages({ ...record({}), correlation_questions: ['叶绿体在哪里？', '光反应需要什么？'] });
    render(<MessageItem message={related!} onAsk={(q) => asked.push(q)} onContinue={() => {}} busy={false} />);
    const list = screen.getByRole('list', { name: '相关问题' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['叶绿体在哪里？', '光反应需要什么？']);
    fireEvent.click(within(list).getByRole('button', { name: '光反应需要什么？' }));
    expect(asked).toEqual(['光反应需要什么？']);
  });

  it('shows the question and the answer, the reasoning above the answer, folded and unfolded by its 深度思考 button', async () => {
    renderRecord({ ...record({}), reasoning: '先想原料，再想产物。' });
    expect(screen.getByText('有什么活动？')).toBeTruthy();
    const toggle = await screen.findByRole('button', { name: MSG.deepThinking }, { timeout: 15_000 }); // the reasoning block is a lazy chunk: slow under a loaded machine
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const reasoning = screen.getByText('先想原料，再想产物。');
    const answer = screen.getByText('请看下面。');
    expect(reasoning.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('a cited passage opens in a drawer titled with its document; a web source stays a link', async () => {
    const passage = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
    renderRecord({
      ...record({}),
      sources: [
        { title: 'tangshi.txt · 静夜思', document_name: 'tangshi.txt', snippet: passage, document_id: 3, chunk_id: 9, score: 1 },
        { title: '百科', url: 'https://baike.example/jys', snippet: '摘要' },
      ],
    });
    const sources = screen.getByLabelText('参考来源');
    expect(within(sources).getByRole('link', { name: '百科' }).getAttribute('href')).toBe('https://baike.example/jys');
    expect(screen.queryByText(passage)).toBeNull();
    fireEvent.click(within(sources).getByRole('button', { name: 'tangshi.txt · 静夜思' }));
    const drawer = await screen.findByRole('dialog', {}, { timeout: 5_000 }); // a lazy chunk
    expect(within(drawer).getByText('tangshi.txt')).toBeTruthy();
    expect(within(drawer).getByText('静夜思')).toBeTruthy();
    expect(within(drawer).getByText(passage)).toBeTruthy();
  });
});
