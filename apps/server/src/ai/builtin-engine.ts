import { MSG } from '@xueban/contract/messages';
import type { ChatSource } from '@xueban/contract/chat';
import { terms } from './segment.ts';

/** What the engine reads of a robot: its introduction, opening line and suggested questions. */
export interface RobotProfile {
  info: string;
  msg: string;
  extra: { introduce: string };
  config: { onboarding_info: { prologue: string; suggested_questions: string[] } };
}

/** A text the engine may answer from; knowledge chunks name their document and chunk for the citation. */
export interface Passage {
  title: string; text: string; url?: string;
  documentId?: number | undefined; documentName?: string | undefined; chunkId?: number | undefined;
}

/** What a robot knows of itself without a model; its knowledge bases' chunks come in as extra passages. */
export function robotPassages(robot: RobotProfile): Passage[] {
  const { onboarding_info: o } = robot.config;
  return [
    { title: '机器人简介', text: robot.info },
    { title: '机器人能力', text: robot.extra.introduce },
    { title: '开场白', text: o.prologue || robot.msg },
    ...o.suggested_questions.map((q) => ({ title: '推荐问题', text: q })),
  ].filter((p) => p.text.trim());
}

/** Passages ranked by shared terms, weighted by how rare each term is among them (BM25-like, small). */
export function rank(question: string, passages: Passage[], limit = 3): { passage: Passage; score: number }[] {
  const q = new Set(terms(question));
  if (q.size === 0) return [];
  const docs = passages.map((p) => new Set(terms(`${p.title} ${p.text}`)));
  const df = (t: string) => docs.filter((d) => d.has(t)).length;
  const idf = new Map([...q].map((t) => [t, Math.log(1 + (docs.length - df(t) + 0.5) / (df(t) + 0.5))]));
  return passages
    .map((passage, i) => ({ passage, score: [...q].reduce((s, t) => s + (docs[i]!.has(t) ? idf.get(t)! : 0), 0) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** A text cut to `max` characters, with an ellipsis when cut. */
export const snippet = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The built-in engine (design.md §5): no model is configured, so the answer is what retrieval
 * finds in the robot's own content (and in attachments or search results), said plainly.
 */
export function builtinAnswer(
  robot: RobotProfile, question: string, extra: Passage[], retrieved: { passage: Passage; score: number }[] = [],
): { text: string; sources: ChatSource[] } {
  // Knowledge chunks come ranked by retrieval (which may have matched by meaning, sharing no
  // word with the question): they go first, as ranked; the robot's own texts fill the rest.
  const hits = [...retrieved, ...rank(question, [...robotPassages(robot), ...extra])].slice(0, 3);
  // A knowledge chunk is cited with its passage as retrieval gave it (the source drawer shows it).
  const sources: ChatSource[] = hits.map(({ passage, score }) => ({
    title: passage.title, snippet: passage.documentId ? passage.text : snippet(passage.text),
    ...(passage.url ? { url: passage.url } : {}), score: Number(score.toFixed(3)),
    ...(passage.documentId ? { document_id: passage.documentId, chunk_id: passage.chunkId } : {}),
    ...(passage.documentName ? { document_name: passage.documentName } : {}),
  }));
  if (hits.length === 0) {
    const o = robot.config.onboarding_info;
    const tips = o.suggested_questions.slice(0, 3).map((q) => `- ${q}`).join('\n');
    const intro = o.prologue || robot.msg;
    return {
      text: [MSG.noModelConfigured, MSG.builtinNoMatch, intro, tips && `你可以试着问：\n${tips}`].filter(Boolean).join('\n\n'),
      sources,
    };
  }
  const body = hits.map(({ passage }, i) => `**[${i + 1}] ${passage.title}**\n\n${snippet(passage.text, 800)}`).join('\n\n');
  return { text: `${MSG.noModelConfigured}\n\n${body}`, sources };
}

/** Cuts a finished text into small deltas so the built-in answer streams like a model's. */
export function* chunks(text: string, size = 12): Generator<string> {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join('');
}
