import type { z } from 'zod';
import { ROBOT_SOURCE } from '@xueban/contract/robots';
import { IS_PUBLIC } from '@xueban/contract/robots';
import { RES_MSG, type CopyResult, type ResourceItem, type ResourceKind, type resourceListQuery } from '@xueban/contract/resources';
import type { Deps } from '../../types.ts';
import type PgBoss from 'pg-boss';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { toSeconds } from '../../lib/time.ts';
import { sharedRobots } from '../robots/robot-records.service.ts';
import { extraOfRobot } from '../robots/robot-records.service.ts';
import { copyRobot } from '../robots/robot-copy.service.ts';
import { installBundle, type Bundle } from '../copies/copies.service.ts';
import { countOn, listPublications, visibleListing } from './resources.repo.ts';
import { listedFor, summaries, visiblePublication } from './publish.service.ts';

/**
 * The resource centre's list: approved publications in the caller's reach and shared robots
 * (square, template library, public in the organisation), newest first. With no kind the two
 * are merged: each source gives its first offset+limit rows and the page is cut from the merge.
 */
export async function listResources(deps: Deps, me: AuthContext, q: z.output<typeof resourceListQuery>) {
  const { db } = deps;
  const { offset, limit } = resolvePage(q);
  const wantRobots = (!q.kind || q.kind === 'robot') && !q.subject;
  const wantContent = q.kind !== 'robot';
  const take = q.kind ? { offset, limit } : { offset: 0, limit: offset + limit };
  const [robots, contents] = await Promise.all([
    wantRobots ? sharedRobots(db, me.groupId, { keyword: q.keyword, ...take }) : { rows: [], total: 0 },
    wantContent
      ? listPublications(db, visibleListing(me.groupId, { keyword: q.keyword, kind: q.kind === 'robot' ? undefined : q.kind, subject: q.subject }), take.offset, take.limit)
      : { rows: [], total: 0 },
  ]);
  const items: ResourceItem[] = [
    ...robots.rows.map((r): ResourceItem => ({
      kind: 'robot', id: r.robot.id, title: r.robot.name, info: r.robot.info, subject: '', licence: '',
      scope: r.robot.isPublic === IS_PUBLIC.ORG && !r.robot.isTemplate ? 'org' : 'platform',
      cover: extraOfRobot(r.robot.extra).cover_url || r.robot.avatar, author: r.truename, group_name: r.groupName,
      view_num: r.robot.viewNum, copy_num: r.robot.copyNum, create_time: toSeconds(r.robot.createdAt),
    })),
    ...contents.rows.map((p): ResourceItem => ({
      kind: p.kind, id: p.id, title: p.title, info: p.info, subject: p.subject, licence: p.licence, scope: p.scope, cover: '',
      author: p.publisher.truename, group_name: p.group_name, view_num: p.view_num, copy_num: p.copy_num, create_time: p.create_time,
    })),
  ].sort((a, b) => b.create_time - a.create_time || b.id - a.id);
  const page = q.kind ? items : items.slice(offset, offset + limit);
  return pageOf(q, robots.total + contents.total, page);
}

/**
 * 复制: a copy with its own id in the caller's organisation, the caller its owner. A robot goes
 * through the robots' own copy (its rules: square, template, public in the organisation); a
 * publication must be listed for the caller (approved, in reach), else 404. The source counts it.
 */
export async function copyResource(deps: Deps & { queue?: PgBoss | undefined }, me: AuthContext, kind: ResourceKind, id: number): Promise<CopyResult> {
  if (kind === 'robot') {
    const copy = await copyRobot(deps, me, { id, source: ROBOT_SOURCE.COPY });
    return { kind, id: copy.id, name: copy.name };
  }
  const p = await visiblePublication(deps.db, me, id);
  if (p.kind !== kind || !listedFor(p, me)) throw notFound(RES_MSG.publicationNotFound);
  const bundle: Bundle = { sourceGroupId: p.groupId };
  if (kind === 'knowledge') bundle.knowledgeBases = [p.contentId];
  if (kind === 'intent') bundle.intentLibraries = [p.contentId];
  if (kind === 'course') bundle.coursePlans = [p.contentId];
  const out = await installBundle({ db: deps.db, queue: deps.queue }, bundle, { groupId: me.groupId, uid: me.userId });
  await countOn(deps.db, p.id, 'copyNum');
  const copyId = [...out.knowledgeBases, ...out.intentLibraries, ...out.coursePlans][0]!.copy;
  const summary = await summaries[kind](deps.db, me.groupId, copyId);
  return { kind, id: copyId, name: summary?.title ?? p.title };
}
