import type { ResolvedModel } from './model-client.ts';
import { complete, type ChatMessage } from './llm-stream.ts';

/** A rewrite is a search query: one line, at most this long. */
const MAX_QUERY_CHARS = 200;
/** The rewrite is on the way to the first token: a slow model is not waited for. */
export const REWRITE_TIMEOUT_MS = 5_000;
/** How many of the latest exchanges before the question the model sees, each cut short. */
const HISTORY_TURNS = 3;
const TURN_CHARS = 300;

/**
 * Knowledge retrieval matches the words of a question, so a follow-up such as “那周末呢？” finds
 * nothing of what it asks about, and a question in a learner's own words may miss the material's
 * terms. A model restates it as one self-contained search query, with the subject the conversation
 * is about and the terms the material likely uses. The answer still responds to the question as asked.
 * `history` is newest first, as the chat reads it; the model sees it in the order it was said.
 */
export function rewritePrompt(history: { question: string; answer: string }[], question: string): ChatMessage[] {
  const turns = history.slice(0, HISTORY_TURNS).reverse()
    .map((e) => `学生：${e.question.slice(0, TURN_CHARS)}\n助手：${e.answer.slice(0, TURN_CHARS)}`).join('\n');
  return [
    {
      role: 'system',
      content: '你是检索查询改写器。把学生的最新问题改写成一条可以独立理解的检索语句：补全对话中省略的主语和对象，'
        + '加入资料中可能使用的关键词。只输出改写后的一行检索语句，不要回答问题，不要解释。',
    },
    { role: 'user', content: `${turns ? `对话：\n${turns}\n\n` : ''}最新问题：${question}` },
  ];
}

/** The model's query: its first non-empty line, without quotes or a label; the question itself when there is none. */
export function parseRewrite(text: string, question: string): string {
  const line = text.split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  const query = line.replace(/^(检索语句|改写|查询)[:：]\s*/, '').replace(/^["“「]|["”」]$/g, '').trim();
  return query ? query.slice(0, MAX_QUERY_CHARS) : question;
}

/** The question as a search query; on any failure or timeout, the question as asked. */
export async function rewriteQuestion(
  model: ResolvedModel, history: { question: string; answer: string }[], question: string, signal?: AbortSignal,
): Promise<string> {
  return parseRewrite(await complete(model, rewritePrompt(history, question), REWRITE_TIMEOUT_MS, signal), question);
}
