// What teaching adds to an answer (issue 17): the instructions and tutoring mode of the teachers
// who lead the asker's class on the robot, and teachers' corrections of similar questions. The
// answer pipeline reads it once per question; prompt.ts places its lines in the system prompt.
import type { TutoringMode } from '@xueban/contract/constants/teaching-console';
import type { Deps } from '../../types.ts';
import { leadsStudent, studentTeam } from '../teams/team-records.service.ts';
import { BUILTIN_SIMILARITY, similarCorrections } from './corrections.service.ts';
import * as repo from './teaching.repo.ts';

export const TUTORING_PROMPTS: Record<TutoringMode, string> = {
  direct: '老师设置的辅导方式：直接回答。请直接、完整地回答学生的问题，并给出必要的解释。',
  guide: '老师设置的辅导方式：引导提问。不要直接给出最终答案；请用启发性的问题一步步引导学生自己思考，直到学生自己得出答案。',
  cite: '老师设置的辅导方式：引用教材。每一个论断都要引用课程教材（参考资料）并标注出处编号，如 [1]；教材中没有依据的内容要如实说明。',
};

export interface TeachingContext {
  /** Lines for the system prompt. */
  lines: string[];
  /** With the built-in engine: a teacher's correction of a question close enough to answer with. */
  builtinAnswer: string | null;
}

/** A correction offered to the model is cut here, so three of them cannot crowd out the question. */
const CORRECTION_PROMPT_CHARS = 1_500;

export const NO_TEACHING: TeachingContext = { lines: [], builtinAnswer: null };

/** The teaching context of a question asked by `userId` of a robot in organisation `groupId`. */
export async function teachingContext(deps: Deps, robotId: number, groupId: number, userId: number, question: string): Promise<TeachingContext> {
  const { db } = deps;
  const lines: string[] = [];
  // Only a student in a class has teachers whose settings apply; each setting only when its
  // teacher leads that student here.
  if (await studentTeam(db, robotId, userId)) {
    for (const s of await repo.robotSettings(db, groupId, robotId)) {
      if (!(await leadsStudent(db, s.teacherId, userId, robotId))) continue;
      lines.push(TUTORING_PROMPTS[s.tutoringMode]);
      if (s.instructions) lines.push(`老师的补充说明：${s.instructions}`);
    }
  }
  const similar = question.trim() ? await similarCorrections(deps, groupId, robotId, question) : [];
  if (similar.length) {
    // Only the teacher's corrected answer travels: another student's question stays theirs.
    lines.push('老师对相似问题订正过回答，回答时请优先采用老师订正的内容：');
    similar.forEach((c, i) => lines.push(`老师订正的回答${i + 1}：${c.content.slice(0, CORRECTION_PROMPT_CHARS)}`));
  }
  const best = similar[0];
  return { lines, builtinAnswer: best && best.score >= BUILTIN_SIMILARITY ? best.content : null };
}
