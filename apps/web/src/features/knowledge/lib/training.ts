import { KNOWLEDGE_FILE_EXTENSIONS, KNOWLEDGE_LIMITS, QA_FILE_EXTENSIONS, type TrainingTasks } from '@xueban/contract/knowledge';
import { MSG } from '@xueban/contract/messages';

/**
 * How often the content page asks how training goes while anything is queued or training: once a
 * second, so a fast worker's progress (hundreds of chunks a second) is seen moving, not jumping.
 */
export const TRAINING_POLL_MS = 1_000;
/**
 * And while nothing is: every 10 s, so documents queued elsewhere (another tab, a colleague, the
 * API) start showing their progress without a reload. One light count query per open page.
 */
export const IDLE_POLL_MS = 10_000;

/** True while a document of the base still waits or trains. */
export const isTraining = (tasks: Pick<TrainingTasks, 'queued' | 'training'> | undefined) =>
  !!tasks && tasks.queued + tasks.training > 0;

/** The refetch interval of knowledge/trainingtasks: every second while training goes on, else every 10 s. */
export const trainingPollInterval = (tasks: Pick<TrainingTasks, 'queued' | 'training'> | undefined): number =>
  isTraining(tasks) ? TRAINING_POLL_MS : IDLE_POLL_MS;

export const extOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** The `accept` attribute of the file pickers. */
export const KNOWLEDGE_ACCEPT = KNOWLEDGE_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
export const QA_ACCEPT = QA_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** 950 MB, the upload scene `knowledge`'s bound. */
export const KNOWLEDGE_FILE_MAX_BYTES = 950 * 1024 * 1024;

/** Why a picked file cannot go into a knowledge base, or null when it can. */
export function checkKnowledgeFile(file: { name: string; size: number }): string | null {
  if (!(KNOWLEDGE_FILE_EXTENSIONS as readonly string[]).includes(extOf(file.name))) return MSG.kbFileType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}

/** Why a picked file cannot be read as question/answer pairs, or null when it can. */
export function checkQaFile(file: { name: string; size: number }): string | null {
  if (!(QA_FILE_EXTENSIONS as readonly string[]).includes(extOf(file.name))) return MSG.kbQaFileType;
  if (file.size > KNOWLEDGE_FILE_MAX_BYTES) return MSG.fileTooLarge;
  return null;
}

export interface QaRow {
  key: string;
  question: string;
  answer: string;
}

/**
 * The typed pairs to send: blank rows are dropped; a row with only one side filled is an error
 * (问题和答案都不能为空), and no pair at all is 请至少填写一组问题和答案.
 */
export function collectQa(rows: readonly Pick<QaRow, 'question' | 'answer'>[]): { pairs: { question: string; answer: string }[] } | { error: string } {
  const pairs: { question: string; answer: string }[] = [];
  for (const row of rows) {
    const question = row.question.trim();
    const answer = row.answer.trim();
    if (!question && !answer) continue;
    if (!question || !answer) return { error: MSG.kbQaIncomplete };
    if (question.length > KNOWLEDGE_LIMITS.qaFieldMax || answer.length > KNOWLEDGE_LIMITS.qaFieldMax) return { error: MSG.validationFailed };
    pairs.push({ question, answer });
  }
  if (!pairs.length) return { error: MSG.kbQaRequired };
  if (pairs.length > KNOWLEDGE_LIMITS.qaMax) return { error: MSG.validationFailed };
  return { pairs };
}

const URL_RE = /^https?:\/\/\S+$/i;
/** Why a typed web address cannot be read, or null when it can. */
export function checkUrl(url: string): string | null {
  const u = url.trim();
  if (!u) return MSG.kbUrlRequired;
  if (!URL_RE.test(u) || u.length > 2000) return MSG.kbUrlInvalid;
  return null;
}
