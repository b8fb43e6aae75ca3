import type { CriterionScore, RubricCriterion, SubmittedFile } from '../../db/schema/marking.ts';
import type { ChatMessage } from '../../ai/llm-stream.ts';
import { clampScore, firstJsonObject, toNumber } from '../../ai/model-json.ts';

/** How much of the student's text and of each file's text the model reads. */
const TEXT_MAX = 20_000;
const FILE_TEXT_MAX = 20_000;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…（以下省略）` : s);

/**
 * The request to the marking model: the assignment and its rubric, the student's work (text,
 * the text read from files, pictures as image parts when the model sees them), and the answer
 * wanted as JSON: one score per criterion within its points, and a comment in Chinese.
 */
export function draftMessages(
  a: { title: string; instructions: string; rubric: RubricCriterion[] },
  work: { text: string; files: SubmittedFile[] },
  imageUrls: string[] | null,
): ChatMessage[] {
  const rubric = a.rubric.map((c, i) => `${i + 1}. ${c.name}（满分 ${c.points} 分）${c.description ? `：${c.description}` : ''}`).join('\n');
  const system = [
    '你是一位认真、公正的老师，负责按照评分标准批改学生作业。',
    '只输出一个 JSON 对象，不要输出其他文字，格式如下：',
    '{"scores":[{"name":"评分项名称","score":得分}],"comment":"给学生的中文评语"}',
    'scores 必须逐项对应评分标准中的每一项（名称保持一致），得分为 0 到该项满分之间的数字；评语用中文，指出优点和需要改进之处，不超过 200 字。',
  ].join('\n');
  const documents = work.files.filter((f) => f.kind === 'document');
  const images = work.files.filter((f) => f.kind === 'image');
  const parts = [
    `作业标题：${a.title}`,
    a.instructions ? `作业要求：\n${a.instructions}` : '',
    `评分标准：\n${rubric}`,
    `学生提交的文字：\n${work.text ? cut(work.text, TEXT_MAX) : '（无）'}`,
    ...documents.map((f) => (f.text ? `学生提交的文件《${f.name}》的内容：\n${cut(f.text, FILE_TEXT_MAX)}` : `学生提交的文件《${f.name}》无法读取${f.note ? `：${f.note}` : ''}`)),
    images.length && !imageUrls ? `学生还提交了 ${images.length} 张图片（${images.map((f) => f.name).join('、')}），当前模型无法查看图片，请仅根据文字评分，并在评语中说明图片需老师查看。` : '',
    images.length && imageUrls ? `学生还提交了 ${imageUrls.length} 张图片，见下方。` : '',
  ].filter(Boolean).join('\n\n');
  const user: ChatMessage = imageUrls?.length
    ? { role: 'user', content: [{ type: 'text', text: parts }, ...imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'high' as const } }))] }
    : { role: 'user', content: parts };
  return [{ role: 'system', content: system }, user];
}



/**
 * The model's answer as a draft, read defensively: the JSON may come fenced or with words around
 * it, scores as a list of {name, score} or as an object of name → score; a score is matched to a
 * criterion by name, else by position, and clamped to its points. Null when a criterion has no
 * readable score (the submission then waits with the reason, the teacher may redraft or mark).
 */
export function parseDraft(text: string, rubric: RubricCriterion[]): { scores: CriterionScore[]; comment: string } | null {
  const value = firstJsonObject(text) as { scores?: unknown; comment?: unknown; 评语?: unknown } | null;
  if (!value || typeof value !== 'object') return null;
  const given: { name: string; score: number | null }[] = [];
  if (Array.isArray(value.scores)) {
    for (const s of value.scores as { name?: unknown; score?: unknown; points?: unknown }[]) {
      given.push({ name: typeof s?.name === 'string' ? s.name.trim() : '', score: toNumber(s?.score ?? s?.points) });
    }
  } else if (value.scores && typeof value.scores === 'object') {
    for (const [name, score] of Object.entries(value.scores)) given.push({ name: name.trim(), score: toNumber(score) });
  }
  const scores: CriterionScore[] = [];
  for (const [i, c] of rubric.entries()) {
    const hit = given.find((g) => g.name === c.name) ?? (given.length === rubric.length ? given[i] : undefined);
    if (hit?.score == null) return null;
    scores.push({ name: c.name, score: clampScore(hit.score, c.points) });
  }
  const comment = typeof value.comment === 'string' ? value.comment : typeof value.评语 === 'string' ? value.评语 : '';
  return { scores, comment: comment.trim().slice(0, 5000) };
}
