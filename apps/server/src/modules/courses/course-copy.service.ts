import { and, asc, eq, inArray } from 'drizzle-orm';
import { COURSE_MSG } from '@xueban/contract/courses';
import type { Db } from '../../db/client.ts';
import { courseNodes, coursePlans } from '../../db/schema/courses.ts';
import { notFound } from '../../lib/errors.ts';
import { findPlan, insertPlan, plansOf } from './courses.repo.ts';
import { inTreeOrder } from './course-tree.ts';

export interface CopyTarget { groupId: number; uid: number }

/**
 * Deep-copies a course plan of `sourceGroupId` with its whole tree into the target organisation,
 * owned by the target user. Its classes, unlocks and students' progress stay behind (they are
 * the source organisation's teaching). The plan's robot becomes its copy in the same bundle
 * (`robotCopies`: source id → copy id) or none. Another organisation's id is 404. Returns the copy's id.
 */
export async function copyCoursePlan(db: Db, sourceGroupId: number, sourceId: number, to: CopyTarget, robotCopies: Map<number, number> = new Map(), title?: string): Promise<number> {
  const src = await findPlan(db, sourceGroupId, sourceId);
  if (!src) throw notFound(COURSE_MSG.planNotFound);
  return db.transaction(async (tx) => {
    const plan = await insertPlan(tx, { groupId: to.groupId, ownerId: to.uid, title: title ?? src.title, description: src.description, robotId: (src.robotId && robotCopies.get(src.robotId)) || null });
    const nodes = inTreeOrder(await tx.select().from(courseNodes).where(eq(courseNodes.planId, src.id)).orderBy(asc(courseNodes.id)));
    const idMap = new Map<number, number>();
    // Parents come first in tree order, so each child's new parent id is known when it is written.
    for (const n of nodes) {
      const [copy] = await tx.insert(courseNodes).values({
        planId: plan.id, groupId: to.groupId, pid: n.pid === 0 ? 0 : idMap.get(n.pid)!, title: n.title, level: n.level, sort: n.sort,
        content: n.content, files: n.files, questions: n.questions,
      }).returning({ id: courseNodes.id });
      idMap.set(n.id, copy!.id);
    }
    return plan.id;
  });
}

/** The ids among `ids` that are course plans of the organisation (a bundle checks its parts before copying any). */
export async function existingPlanIds(db: Db, groupId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: coursePlans.id }).from(coursePlans).where(and(plansOf(groupId, null), inArray(coursePlans.id, ids)));
  return rows.map((r) => r.id);
}

export interface ContentSummary { id: number; title: string; info: string; lines: { title: string; level: number; text: string }[] }

/** A course plan of the organisation as the resource centre previews it: its tree of chapters and lessons. */
export async function coursePlanSummary(db: Db, groupId: number, id: number): Promise<ContentSummary | null> {
  const plan = await findPlan(db, groupId, id);
  if (!plan) return null;
  const nodes = inTreeOrder(await db.select().from(courseNodes).where(eq(courseNodes.planId, id))).slice(0, 50);
  return { id: plan.id, title: plan.title, info: plan.description, lines: nodes.map((n) => ({ title: n.title, level: n.level, text: n.content.slice(0, 120) })) };
}

/** Titles of the organisation's plans by id (unknown or foreign ids are left out). */
export async function planTitles(db: Db, groupId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.select({ id: coursePlans.id, name: coursePlans.title }).from(coursePlans).where(and(plansOf(groupId, null), inArray(coursePlans.id, ids)));
}
