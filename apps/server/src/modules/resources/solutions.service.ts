import type { z } from 'zod';
import type PgBoss from 'pg-boss';
import { MSG } from '@xueban/contract/messages';
import { RES_MSG, type Solution, type SolutionInstall, type solutionListQuery, type solutionSaveBody } from '@xueban/contract/resources';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { toSeconds } from '../../lib/time.ts';
import { basesByIds } from '../knowledge/base-records.service.ts';
import { intentCategoriesByIds } from '../intents/intent-records.service.ts';
import { robotNamesByIds } from '../robots/robot-records.service.ts';
import { bindingsOfRobot } from '../robot-contents/robot-contents.service.ts';
import { planTitles } from '../courses/course-copy.service.ts';
import { installBundle, partCount } from '../copies/copies.service.ts';
import {
  countInstall, deleteSolution, findInstall, findSolution, insertInstall, insertSolution, installOut, installsOf, listSolutions,
  solutionCreator, updateInstall, updateSolution, type InstallRow, type SolutionRow,
} from './resources.repo.ts';

export interface SolutionDeps { db: Db; queue?: PgBoss | undefined }
type Part = { id: number; name: string };

/** Keeps the given ids that still name a part of the organisation, in the given order, with their names. */
const keep = (ids: number[], found: Part[]) => ids.flatMap((id) => found.filter((f) => f.id === id).slice(0, 1)).map((f) => ({ id: f.id, name: f.name }));

async function partsOf(db: Db, groupId: number, s: Pick<SolutionRow, 'robotIds' | 'knowledgeIds' | 'intentIds' | 'courseIds'>) {
  const [robots, knowledge, intents, courses] = await Promise.all([
    robotNamesByIds(db, groupId, s.robotIds), basesByIds(db, groupId, s.knowledgeIds),
    intentCategoriesByIds(db, groupId, s.intentIds), planTitles(db, groupId, s.courseIds),
  ]);
  return { robots: keep(s.robotIds, robots), knowledge: keep(s.knowledgeIds, knowledge), intents: keep(s.intentIds, intents), courses: keep(s.courseIds, courses) };
}

async function solutionOut(db: Db, s: SolutionRow, truename?: string): Promise<Solution> {
  return {
    id: s.id, name: s.name, info: s.info, ...(await partsOf(db, s.groupId, s)), install_num: s.installNum,
    creator: { id: s.creatorId, truename: truename ?? (await solutionCreator(db, s.creatorId)) },
    create_time: toSeconds(s.createdAt), update_time: toSeconds(s.updatedAt),
  };
}

/** A solution of the caller's organisation, or 404 解决方案不存在. */
async function ownSolution(db: Db, me: AuthContext, id: number) {
  const s = await findSolution(db, id);
  if (!s || s.groupId !== me.groupId) throw notFound(RES_MSG.solutionNotFound);
  return s;
}

export async function solutionList(db: Db, me: AuthContext, q: z.output<typeof solutionListQuery>) {
  const { offset, limit } = resolvePage(q);
  const { rows, total } = await listSolutions(db, me.groupId, q.keyword, offset, limit);
  return pageOf(q, total, await Promise.all(rows.map((r) => solutionOut(db, r.s, r.truename))));
}

/**
 * Creates or changes a solution from parts of the caller's organisation (a foreign or unknown
 * id is 404). with_bound adds each robot's bound knowledge bases and intent libraries.
 */
export async function saveSolution(db: Db, me: AuthContext, b: z.output<typeof solutionSaveBody>) {
  if (!me.groupId) throw forbidden(MSG.orgNotMember);
  if (b.id) await ownSolution(db, me, b.id);
  const uniq = (ids: number[]) => [...new Set(ids)];
  const parts = { robotIds: uniq(b.robot_ids), knowledgeIds: uniq(b.knowledge_ids), intentIds: uniq(b.intent_ids), courseIds: uniq(b.course_ids) };
  if (b.with_bound) {
    for (const rid of parts.robotIds) {
      for (const c of await bindingsOfRobot(db, rid)) {
        if (c.type === 'repository' && !parts.knowledgeIds.includes(c.contentId)) parts.knowledgeIds.push(c.contentId);
        if (c.type === 'intent' && !parts.intentIds.includes(c.contentId)) parts.intentIds.push(c.contentId);
      }
    }
  }
  const found = await partsOf(db, me.groupId, parts);
  if (found.robots.length !== parts.robotIds.length || found.knowledge.length !== parts.knowledgeIds.length
    || found.intents.length !== parts.intentIds.length || found.courses.length !== parts.courseIds.length) throw notFound(MSG.notFound);
  if (partCount({ robots: parts.robotIds, knowledgeBases: parts.knowledgeIds, intentLibraries: parts.intentIds, coursePlans: parts.courseIds }) === 0) {
    throw badRequest(RES_MSG.solutionEmpty);
  }
  const values = { name: b.name, info: b.info, ...parts };
  const row = b.id
    ? await updateSolution(db, b.id, values)
    : await insertSolution(db, { ...values, groupId: me.groupId, creatorId: me.userId });
  return solutionOut(db, row);
}

export async function removeSolution(db: Db, me: AuthContext, id: number) {
  await ownSolution(db, me, id);
  await deleteSolution(db, id);
}

/** A record left running by a server that stopped mid-install is reported failed after this long. */
const STALE_MS = 10 * 60_000;
const viewInstall = (r: InstallRow): SolutionInstall => (r.status === 'running' && Date.now() - r.createdAt.getTime() > STALE_MS
  ? installOut({ ...r, status: 'failed', error: RES_MSG.installInterrupted })
  : installOut(r));

/**
 * Installs a solution into an organisation (the store's install, or 安装 on the creator's own
 * solution): an install record at once, then every part copied through the copy engine, the
 * record's progress kept after each part. With wait (the default) it resolves with the finished
 * record; without, with the running one (poll installStatus). Who may install which solution is
 * the caller's rule: this only needs the solution to exist (404 otherwise). Parts deleted since
 * the solution was saved are left out.
 */
export async function installSolution(
  deps: SolutionDeps, solutionId: number, to: { groupId: number; uid: number }, o: { wait?: boolean } = {},
): Promise<SolutionInstall> {
  const { db } = deps;
  const s = await findSolution(db, solutionId);
  if (!s) throw notFound(RES_MSG.solutionNotFound);
  const parts = await partsOf(db, s.groupId, s);
  const bundle = {
    sourceGroupId: s.groupId, robots: parts.robots.map((p) => p.id), knowledgeBases: parts.knowledge.map((p) => p.id),
    intentLibraries: parts.intents.map((p) => p.id), coursePlans: parts.courses.map((p) => p.id),
  };
  const record = await insertInstall(db, { solutionId: s.id, groupId: to.groupId, userId: to.uid, name: s.name, total: partCount(bundle) });
  const run = async () => {
    try {
      const result = await installBundle(deps, bundle, to, async (p) => { await updateInstall(db, record.id, { done: p.done }); });
      await countInstall(db, s.id);
      return await updateInstall(db, record.id, { status: 'done', result, finishedAt: new Date() });
    } catch (err) {
      const msg = err instanceof Error && 'status' in err ? err.message : MSG.serverError;
      return updateInstall(db, record.id, { status: 'failed', error: msg, finishedAt: new Date() });
    }
  };
  if (o.wait === false) {
    void run();
    return installOut(record);
  }
  return installOut(await run());
}

export async function installOwnSolution(deps: SolutionDeps, me: AuthContext, id: number) {
  await ownSolution(deps.db, me, id);
  return installSolution(deps, id, { groupId: me.groupId, uid: me.userId }, { wait: false });
}

export async function installStatus(db: Db, me: AuthContext, id: number) {
  const r = await findInstall(db, me.groupId, id);
  if (!r) throw notFound(RES_MSG.installNotFound);
  return viewInstall(r);
}

export async function installList(db: Db, me: AuthContext, limit: number) {
  return (await installsOf(db, me.groupId, limit)).map(viewInstall);
}
