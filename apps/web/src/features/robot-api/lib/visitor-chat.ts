import { MSG } from '@xueban/contract/messages';
import { createSseParser } from '../../../lib/sse.ts';

/**
 * A visitor's chat (issue 25): no account, so no session cookie and no /api call. The page holds an
 * embed ticket or a share link's token and speaks the robot's OpenAI-compatible /v1 endpoints with
 * it; the server checks it, counts the visitor's limits and stores the conversation. The browser
 * keeps a visitor id and the conversation itself (localStorage), so a reload continues it.
 */
export interface VisitorMessage { role: 'user' | 'assistant'; content: string; sources?: { title: string; document_name?: string }[]; failed?: boolean }
export interface VisitorRobot { id: number; code: string; name: string; avatar: string; prologue: string; suggested_questions: string[] }

const VISITOR_KEY = 'xueban:visitor-id';
const conversationKey = (robotId: number) => `xueban:visitor-chat:${robotId}`;

export function visitorId(): string {
  let id = localStorage.getItem(VISITOR_KEY);
  if (!id) {
    id = `v-${crypto.randomUUID()}`;
    localStorage.setItem(VISITOR_KEY, id);
  }
  return id;
}

export function loadConversation(robotId: number): VisitorMessage[] {
  try {
    const saved = JSON.parse(localStorage.getItem(conversationKey(robotId)) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as VisitorMessage[]) : [];
  } catch {
    return [];
  }
}

export function saveConversation(robotId: number, messages: VisitorMessage[]) {
  if (messages.length) localStorage.setItem(conversationKey(robotId), JSON.stringify(messages.slice(-50)));
  else localStorage.removeItem(conversationKey(robotId));
}

/** The visitor's credential from the URL: an embed ticket or a share link's token. */
export const visitorToken = (search: string) => {
  const q = new URLSearchParams(search);
  return q.get('ticket') ?? q.get('share');
};

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new Error(body?.error?.message ?? MSG.requestFailed);
}

export async function fetchVisitorRobot(token: string, signal?: AbortSignal): Promise<VisitorRobot> {
  const res = await fetch('/v1/embed/robot', { headers: { authorization: `Bearer ${token}` }, signal });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as VisitorRobot;
}

/** Streams the answer to the conversation's last question; `onDelta` gets the text so far. */
export async function streamVisitorAnswer(
  o: { token: string; model: string; messages: VisitorMessage[]; signal?: AbortSignal; onDelta: (text: string) => void },
): Promise<Pick<VisitorMessage, 'content' | 'sources'>> {
  const res = await fetch('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: o.model, stream: true, user: visitorId(), messages: o.messages.map(({ role, content }) => ({ role, content })) }),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  if (!res.ok || !res.body) throw await failure(res);
  let content = '';
  let sources: VisitorMessage['sources'] = [];
  let error: string | null = null;
  const parser = createSseParser((e) => {
    if (e.data === '[DONE]') return;
    const chunk = JSON.parse(e.data) as { error?: { message: string }; sources?: VisitorMessage['sources']; choices?: { delta?: { content?: string } }[] };
    if (chunk.error) error = chunk.error.message;
    if (chunk.sources) sources = chunk.sources;
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) {
      content += piece;
      o.onDelta(content);
    }
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  if (error) throw new Error(error);
  return { content, sources };
}
