import type { ChatSource } from '@xueban/contract/chat';
import type { ChatAnnex, QuestionPart } from '../../db/schema/chat.ts';
import type { RobotRow } from '../../db/schema/robots.ts';
import type { ChatMessage } from '../../ai/llm-stream.ts';

/** A rough token count: CJK text runs near one token per character, Latin text lower. Errs long. */
export const estimateTokens = (text: string) => Math.ceil(text.length * 1.1);

export interface PromptInput {
  robot: RobotRow;
  question: string;
  /** Image and text parts when the question carries images and the model sees them. */
  parts: QuestionPart[] | null;
  annex: ChatAnnex[];
  sources: ChatSource[];
  /** Earlier exchanges, newest first. */
  history: { question: string; answer: string }[];
  isShort: boolean;
  contextWindow: number;
  /** 继续: the cut-off answer to carry on from. */
  continueFrom?: string;
  /** Teaching (issue 17, teaching-prompt.ts): the class teachers' mode and instructions, corrected answers. */
  teaching?: string[];
  /** 向机器人提问 from a course lesson (courses' lessonContext): the lesson the student is studying. */
  lesson?: { planTitle: string; title: string; content: string } | null;
}

function systemPrompt(p: PromptInput, budget: number): string {
  const r = p.robot;
  const lines = [`你是「${r.name}」。${r.info}`.trim()];
  if (r.extra.introduce) lines.push(`你的能力：${r.extra.introduce}`);
  lines.push('除非用户使用其他语言，请用中文回答；需要时使用 Markdown（表格、公式用 $…$、代码块）。');
  // Teaching (issue 17): what the asker's teachers set, and their corrections of similar questions.
  if (p.teaching?.length) lines.push(...p.teaching);
  if (p.isShort) lines.push('这是语音对话：请用简短口语回答，不超过 100 字，不用 Markdown。');
  // ── Course lesson (issue 17): the question is about this lesson ──
  if (p.lesson) {
    // At most a third of the window, so a long lesson cannot push out the question on a small model.
    const content = p.lesson.content.slice(0, Math.max(500, Math.floor(budget / 3 / 1.1)));
    lines.push(`学生正在学习课程《${p.lesson.planTitle}》中的课时「${p.lesson.title}」，请结合这一课时的内容回答：\n${content}`);
  }
  if (p.sources.length) {
    lines.push('参考资料如下，引用时在句末标注对应编号，如 [1]：');
    p.sources.forEach((s, i) => lines.push(`[${i + 1}] ${s.title}${s.url ? ` (${s.url})` : ''}\n${s.snippet}`));
  }
  // Attachments share what is left of half the window; each is cut, never dropped silently.
  const withText = p.annex.filter((a) => a.text);
  if (withText.length) {
    const taken = estimateTokens(lines.join('\n\n'));
    const each = Math.max(200, Math.floor(Math.max(0, budget - taken) / 2 / withText.length));
    lines.push('用户上传了以下附件：');
    for (const a of withText) {
      const text = a.text!.length > each ? `${a.text!.slice(0, each)}…（附件内容过长，已截断）` : a.text!;
      lines.push(`【${a.name}】\n${text}`);
    }
  }
  // A file sent without text (a video, an archive, a presentation) is named, so the answer can say it was not read.
  const unread = p.annex.filter((a) => !a.text);
  if (unread.length) lines.push(`用户还附上了以下文件（内容无法读取，只能看到文件名）：${unread.map((a) => `【${a.name}】`).join('、')}`);
  return lines.join('\n\n');
}

/**
 * The messages sent to the model: the robot's system prompt (sources and attachments in it),
 * as much of the conversation as fits the model's context window, newest kept first, then the
 * question (as image parts when the model sees images).
 */
export function buildMessages(p: PromptInput): ChatMessage[] {
  // Leave a quarter of the window (at most 2048 tokens) for the answer.
  const budget = p.contextWindow - Math.min(2048, Math.floor(p.contextWindow / 4));
  const system = systemPrompt(p, budget);
  let left = budget - estimateTokens(system) - estimateTokens(p.question) - estimateTokens(p.continueFrom ?? '');
  const history: ChatMessage[] = [];
  for (const h of p.history) {
    const cost = estimateTokens(h.question) + estimateTokens(h.answer);
    if (cost > left) break;
    left -= cost;
    history.unshift({ role: 'user', content: h.question }, { role: 'assistant', content: h.answer });
  }
  const question: ChatMessage = p.parts
    ? { role: 'user', content: p.parts.map((x) => (x.type === 'text' ? x : { type: 'image_url', image_url: { url: x.image_url.url, detail: x.image_url.detail ?? 'high' } })) }
    : { role: 'user', content: p.question };
  const messages: ChatMessage[] = [{ role: 'system', content: system }, ...history, question];
  if (p.continueFrom !== undefined) {
    messages.push({ role: 'assistant', content: p.continueFrom }, { role: 'user', content: '请从上次中断的地方继续回答，不要重复已经说过的内容。' });
  }
  return messages;
}

/** The prompt that asks for related questions after an answer. */
export function relatedQuestionsPrompt(question: string, answer: string): ChatMessage[] {
  return [
    { role: 'system', content: '根据用户的问题和回答，给出用户最可能继续追问的 3 个简短问题。每行一个问题，不要编号，不要其他内容。' },
    { role: 'user', content: `问题：${question}\n\n回答：${answer.slice(0, 2000)}` },
  ];
}

const RELATED_MAX = 3;
const RELATED_MAX_CHARS = 60;

/** The strings of a JSON array in the text, or of the first array in a JSON object; null when there are none. */
function jsonList(text: string): string[] | null {
  for (const [open, close] of [['[', ']'], ['{', '}']] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start < 0 || end <= start) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end + 1));
    } catch {
      continue;
    }
    const list = Array.isArray(value) ? value
      : value && typeof value === 'object' ? Object.values(value).find(Array.isArray) : undefined;
    const strings = list?.filter((x): x is string => typeof x === 'string') ?? [];
    if (strings.length) return strings;
  }
  return null;
}

/** One item cleaned of list marks, numbering, bold, quotes, and the brackets and commas of broken JSON. */
const cleanItem = (line: string) => line
  .replace(/\*\*|__/g, '')
  .replace(/^[\s[\]"'`“”‘’「」『』]+/, '')
  .replace(/^(?:[-*•·]|\d+\s*[.、)）:：]|[（(]\d+[)）]|Q\d+\s*[.:：])\s*/i, '')
  .replace(/^[\s"'`“”‘’「」『』]+|[\s[\]"'`“”‘’「」『』,，]+$/g, '')
  .trim();

/**
 * The related questions in a model's answer, whatever form it took: a JSON array (fenced or not,
 * or inside an object), a numbered or bulleted list, or plain lines. A lead-in line ending in a
 * colon is skipped; repeats, blanks and overlong items go; at most 3.
 */
export function parseRelatedQuestions(text: string): string[] {
  const body = text.replace(/```[\w-]*/g, '\n').trim();
  const items = jsonList(body) ?? body.split(/\r?\n/);
  const out: string[] = [];
  for (const item of items) {
    const q = cleanItem(item);
    if (q.length < 2 || q.length > RELATED_MAX_CHARS || /[:：]$/.test(q) || out.includes(q)) continue;
    out.push(q);
    if (out.length === RELATED_MAX) break;
  }
  return out;
}
