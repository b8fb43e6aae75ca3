import type { ChatMessage } from '../../ai/llm-stream.ts';
import type { TrainCriterionRow, TrainDebriefRow, TrainTurn } from '../../db/schema/training.ts';
import { clampScore, firstJsonObject, toNumber } from '../../ai/model-json.ts';

/** What the model needs of a scenario. */
export interface ScenarioBrief { title: string; role: string; goal: string; rubric: TrainCriterionRow[]; rounds: number }

const dialogue = (turns: TrainTurn[]): ChatMessage[] =>
  turns.map((t) => ({ role: t.role === 'learner' ? 'user' as const : 'assistant' as const, content: t.content }));

/** The role play: the model stays in the scenario's role (train and talk alike). */
export function roleMessages(s: ScenarioBrief, turns: TrainTurn[], mode: 'train' | 'talk'): ChatMessage[] {
  const system = [
    `你正在一个名为“${s.title}”的练习场景中扮演以下角色，请始终保持这个角色与学员对话：`,
    s.role,
    `学员的练习目标：${s.goal}`,
    mode === 'train'
      ? `本次练习共 ${s.rounds} 轮。每次只回应学员当前这一轮，用中文，简洁自然（不超过 150 字），不要评价或打分，不要跳出角色。`
      : '这是自由对话，不计轮数也不评分。用中文，简洁自然，不要跳出角色。',
  ].join('\n');
  return [{ role: 'system', content: system }, ...dialogue(turns)];
}

/** The debrief request: the whole practice, judged against the rubric, answered as JSON. */
export function debriefMessages(s: ScenarioBrief, turns: TrainTurn[]): ChatMessage[] {
  const rubric = s.rubric.map((c, i) => `${i + 1}. ${c.name}（满分 ${c.points} 分）`).join('\n');
  const transcript = turns.map((t) => `${t.role === 'learner' ? '学员' : '角色'}：${t.content}`).join('\n');
  const system = [
    '你是一位公正的训练教练，请根据评分标准评价学员在角色扮演练习中的表现。',
    '只输出一个 JSON 对象，不要输出其他文字，格式如下：',
    '{"scores":[{"name":"评分项名称","score":得分,"comment":"该项点评"}],"summary":"总体点评与改进建议"}',
    'scores 必须逐项对应评分标准中的每一项（名称保持一致），得分为 0 到该项满分之间的数字；点评用中文。',
  ].join('\n');
  const user = [
    `练习场景：${s.title}`, `角色：${s.role}`, `学员目标：${s.goal}`, `评分标准：\n${rubric}`, `练习记录：\n${transcript}`,
  ].join('\n\n');
  return [{ role: 'system', content: system }, { role: 'user', content: user }];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 2000) : '');

/**
 * The model's debrief, read defensively: the JSON may come fenced or with words around it; each
 * criterion is matched by name, else by position, and its score clamped to its points; the total
 * is ours (the sum), never the model's. Null when a criterion has no readable score.
 */
export function parseDebrief(text: string, rubric: TrainCriterionRow[]): TrainDebriefRow | null {
  const value = firstJsonObject(text) as { scores?: unknown; summary?: unknown; comment?: unknown } | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.scores)) return null;
  const given = (value.scores as { name?: unknown; score?: unknown; comment?: unknown }[])
    .map((s) => ({ name: str(s?.name), score: toNumber(s?.score), comment: str(s?.comment) }));
  const scores: TrainDebriefRow['scores'] = [];
  for (const [i, c] of rubric.entries()) {
    const hit = given.find((g) => g.name === c.name) ?? (given.length === rubric.length ? given[i] : undefined);
    if (hit?.score == null) return null;
    scores.push({ name: c.name, points: c.points, score: clampScore(hit.score, c.points), comment: hit.comment });
  }
  const total = Math.round(scores.reduce((a, s) => a + s.score, 0) * 10) / 10;
  const max = rubric.reduce((a, c) => a + c.points, 0);
  return { scores, total, max, summary: str(value.summary) || str(value.comment) };
}
