/**
 * The copy engine: deep copies of an organisation's robots, knowledge bases, intent libraries and
 * course plans into another (or the same) organisation, for the resource centre's 复制 and for
 * installing a solution. The one entry point for bundles:
 *
 *   installBundle(deps, bundle, target, onProgress?) → BundleCopies
 *
 *   deps:   { db, queue? }  — queue (app.queue) lets untrained web pages / Q&A of a copied base train
 *   bundle: { sourceGroupId, robots?, knowledgeBases?, intentLibraries?, coursePlans? }  (ids)
 *           Every id must belong to sourceGroupId, or nothing is copied and the call is 404.
 *           Who may take the source is the caller's rule (a published resource, a solution).
 *   target: { groupId, uid }  — the organisation receiving the copies, and their owner
 *   onProgress({ done, total, kind, name }): after each part is copied (await-ed)
 *   returns { robots, knowledgeBases, intentLibraries, coursePlans }: [{ source, copy }] each
 *
 * Order: knowledge bases, intent libraries, robots (each copy bound to the copies of the contents
 * it was bound to; a binding to content outside the bundle stays behind), course plans (their
 * robot re-pointed to the robot's copy, if in the bundle). Each part is copied in its own
 * transaction (a progress record can be read meanwhile); a failure stops the install with the
 * parts copied so far kept, and says which.
 *
 * Copies share no rows with their source. Nothing private travels: conversations, members (the
 * target user is the only member of a robot copy), teams, API keys, releases, usage, classes and
 * students' progress stay with the source organisation. Each module copies its own tables
 * (copyKnowledgeBase, copyIntentLibrary, copyRobotInto, copyCoursePlan); this module only orders them.
 */
import type PgBoss from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import { COURSE_MSG } from '@xueban/contract/courses';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { basesByIds } from '../knowledge/base-records.service.ts';
import { copyKnowledgeBase } from '../knowledge/knowledge-copy.service.ts';
import { intentCategoriesByIds } from '../intents/intent-records.service.ts';
import { copyIntentLibrary } from '../intents/intents-copy.service.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { copyRobotInto } from '../robots/robot-copy.service.ts';
import { rebindCopy } from '../robot-contents/robot-contents.service.ts';
import { copyCoursePlan, existingPlanIds } from '../courses/course-copy.service.ts';

export interface CopyDeps { db: Db; queue?: PgBoss | undefined }
export interface Bundle {
  sourceGroupId: number;
  robots?: number[] | undefined;
  knowledgeBases?: number[] | undefined;
  intentLibraries?: number[] | undefined;
  coursePlans?: number[] | undefined;
}
export interface BundleTarget { groupId: number; uid: number }
export interface CopyPair { source: number; copy: number }
export interface BundleCopies { robots: CopyPair[]; knowledgeBases: CopyPair[]; intentLibraries: CopyPair[]; coursePlans: CopyPair[] }
export type PartKind = 'robot' | 'knowledge' | 'intent' | 'course';
export interface BundleProgress { done: number; total: number; kind: PartKind; source: number }
export type OnProgress = (p: BundleProgress) => void | Promise<void>;

const uniq = (ids: number[] | undefined) => [...new Set(ids ?? [])];

/** Every part must be the source organisation's: checked before anything is copied. */
async function checkParts(db: Db, b: Required<Omit<Bundle, 'sourceGroupId'>>, groupId: number) {
  if ((await basesByIds(db, groupId, b.knowledgeBases)).length !== b.knowledgeBases.length) throw notFound(MSG.kbNotFound);
  if ((await intentCategoriesByIds(db, groupId, b.intentLibraries)).length !== b.intentLibraries.length) throw notFound(MSG.intentCategoryNotFound);
  if ((await existingPlanIds(db, groupId, b.coursePlans)).length !== b.coursePlans.length) throw notFound(COURSE_MSG.planNotFound);
  for (const id of b.robots) {
    const r = await findRobot(db, id);
    if (!r || r.groupId !== groupId) throw notFound(MSG.robotNotFound);
  }
}

/** How many parts a bundle copies (for a progress bar before the first one is done). */
export const partCount = (b: Omit<Bundle, 'sourceGroupId'>) =>
  uniq(b.robots).length + uniq(b.knowledgeBases).length + uniq(b.intentLibraries).length + uniq(b.coursePlans).length;

export async function installBundle(deps: CopyDeps, bundle: Bundle, to: BundleTarget, onProgress?: OnProgress): Promise<BundleCopies> {
  const { db } = deps;
  const parts = {
    robots: uniq(bundle.robots), knowledgeBases: uniq(bundle.knowledgeBases),
    intentLibraries: uniq(bundle.intentLibraries), coursePlans: uniq(bundle.coursePlans),
  };
  const from = bundle.sourceGroupId;
  await checkParts(db, parts, from);
  const total = partCount(parts);
  let done = 0;
  const step = async (kind: PartKind, source: number) => {
    done += 1;
    await onProgress?.({ done, total, kind, source });
  };
  const out: BundleCopies = { robots: [], knowledgeBases: [], intentLibraries: [], coursePlans: [] };
  for (const id of parts.knowledgeBases) {
    out.knowledgeBases.push({ source: id, copy: await copyKnowledgeBase(db, deps.queue, from, id, to) });
    await step('knowledge', id);
  }
  for (const id of parts.intentLibraries) {
    out.intentLibraries.push({ source: id, copy: await copyIntentLibrary(db, from, id, to) });
    await step('intent', id);
  }
  const copies = {
    repository: new Map(out.knowledgeBases.map((p) => [p.source, p.copy])),
    intent: new Map(out.intentLibraries.map((p) => [p.source, p.copy])),
  };
  for (const id of parts.robots) {
    const copy = await copyRobotInto(db, from, id, to);
    await rebindCopy(db, id, { robotId: copy, groupId: to.groupId }, copies);
    out.robots.push({ source: id, copy });
    await step('robot', id);
  }
  const robotCopies = new Map(out.robots.map((p) => [p.source, p.copy]));
  for (const id of parts.coursePlans) {
    out.coursePlans.push({ source: id, copy: await copyCoursePlan(db, from, id, to, robotCopies) });
    await step('course', id);
  }
  return out;
}
