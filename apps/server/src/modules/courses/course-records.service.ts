// What other modules may read of courses. The course_* tables are this module's alone
// (docs/decisions.md "Teaching (issue 17): the model"): chat asks here for the lesson a student
// is asking the robot about.
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { findPlan, planNodes } from './courses.repo.ts';
import { openNode } from './course-study.service.ts';
import { managedPlan } from './course-plans.service.ts';

export interface LessonContext { planTitle: string; title: string; content: string }

/** How much of a lesson's text goes into a prompt (characters). */
const LESSON_TEXT_MAX = 6000;

/**
 * The lesson a caller asks the robot about (向机器人提问): its plan's title, its title and text.
 * A student gets it only for a node open to their class (403 while locked, 404 for a plan not
 * published to them or of another organisation); the plan's manager may ask about any node.
 */
export async function lessonContext(db: Db, me: AuthContext, planId: number, nodeId: number): Promise<LessonContext> {
  const plan = await findPlan(db, me.groupId, planId);
  const managed = plan ? await managedPlan(db, me, planId).then(() => true, () => false) : false;
  const node = managed ? (await planNodes(db, planId)).find((n) => n.id === nodeId) : undefined;
  const found = node && plan ? { plan, node } : await openNode(db, me, planId, nodeId);
  const text = found.node.content.length > LESSON_TEXT_MAX ? `${found.node.content.slice(0, LESSON_TEXT_MAX)}…` : found.node.content;
  return { planTitle: found.plan.title, title: found.node.title, content: text };
}
