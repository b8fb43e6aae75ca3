import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdminRoleAbove } from '@xueban/contract/roles';
import { AUDIT } from '@xueban/contract/constants/robots';
import {
  RES_MSG, type PublicationDetail, type PublishBody, type PublishKind, type publicationListQuery,
} from '@xueban/contract/resources';
import type { Db } from '../../db/client.ts';
import { publishedContents } from '../../db/schema/resources.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { knowledgeSummary } from '../knowledge/knowledge-copy.service.ts';
import { intentLibrarySummary } from '../intents/intents-copy.service.ts';
import { coursePlanSummary } from '../courses/course-copy.service.ts';
import { managedPlan } from '../courses/course-plans.service.ts';
import { MSG } from '@xueban/contract/messages';
import { COURSE_MSG } from '@xueban/contract/courses';
import {
  countOn, deletePublication, findPublication, listPublications, publicationWithNames, updatePublication, upsertPublication,
  type PublicationRow,
} from './resources.repo.ts';

/** Each kind's owner tells what a content is (title, info, preview); another organisation's is null. */
export const summaries = { knowledge: knowledgeSummary, intent: intentLibrarySummary, course: coursePlanSummary } as const;
const NOT_FOUND: Record<PublishKind, string> = { knowledge: MSG.kbNotFound, intent: MSG.intentCategoryNotFound, course: COURSE_MSG.planNotFound };

const isOrgAdmin = (me: AuthContext) => me.isSuperAdmin || isAdminRoleAbove(me.roles);

/** Approved and in the caller's reach (the platform's, or their organisation's). */
export const listedFor = (p: PublicationRow, me: AuthContext) => p.status === AUDIT.APPROVED && (p.scope === 'platform' || p.groupId === me.groupId);

/**
 * A publication the caller may see: a listed one, or — in its own organisation — one they
 * published or (an organisation admin) review. Anything else is 404 发布内容不存在.
 */
export async function visiblePublication(db: Db, me: AuthContext, id: number): Promise<PublicationRow> {
  const p = await findPublication(db, id);
  const own = p && p.groupId === me.groupId && (p.publisherId === me.userId || isOrgAdmin(me));
  if (!p || !(own || listedFor(p, me))) throw notFound(RES_MSG.publicationNotFound);
  return p;
}

/** Publishes (or publishes again) a content of the caller's organisation: it waits for the organisation admin's review. */
export async function publish(db: Db, me: AuthContext, body: PublishBody) {
  if (body.kind === 'course') await managedPlan(db, me, body.content_id);
  const content = await summaries[body.kind](db, me.groupId, body.content_id);
  if (!content) throw notFound(NOT_FOUND[body.kind]);
  const row = await upsertPublication(db, {
    groupId: me.groupId, publisherId: me.userId, kind: body.kind, contentId: content.id, title: content.title,
    info: body.info || content.info, subject: body.subject, licence: body.licence, scope: body.scope,
  });
  return (await publicationWithNames(db, row.id))!;
}

export async function myPublications(db: Db, me: AuthContext, q: z.output<typeof publicationListQuery>) {
  const { offset, limit } = resolvePage(q);
  const where = and(
    eq(publishedContents.groupId, me.groupId), eq(publishedContents.publisherId, me.userId),
    q.status ? eq(publishedContents.status, q.status) : undefined, q.kind ? eq(publishedContents.kind, q.kind) : undefined,
  );
  const { rows, total } = await listPublications(db, where, offset, limit);
  return pageOf(q, total, rows);
}

/** The detail page: the listing, a preview of the content, and what the caller may do. A reader other than the publisher counts a view. */
export async function publicationDetail(db: Db, me: AuthContext, id: number): Promise<PublicationDetail> {
  const p = await visiblePublication(db, me, id);
  if (p.publisherId !== me.userId) await countOn(db, p.id, 'viewNum');
  const content = await summaries[p.kind](db, p.groupId, p.contentId);
  const out = (await publicationWithNames(db, p.id))!;
  return {
    ...out, preview: content?.lines ?? [],
    is_mine: p.publisherId === me.userId,
    can_review: p.groupId === me.groupId && isOrgAdmin(me),
    can_copy: listedFor(p, me) && !!content,
  };
}

/** The publisher takes it off the resource centre (the content itself stays). */
export async function withdraw(db: Db, me: AuthContext, id: number) {
  const p = await visiblePublication(db, me, id);
  if (p.publisherId !== me.userId && !(p.groupId === me.groupId && isOrgAdmin(me))) throw forbidden(MSG.noOperationPermission);
  await deletePublication(db, p.id);
}

/** The organisation admin's review list: their organisation's publications by status. */
export async function reviewList(db: Db, me: AuthContext, q: z.output<typeof publicationListQuery>) {
  const { offset, limit } = resolvePage(q);
  const where = and(
    eq(publishedContents.groupId, me.groupId), eq(publishedContents.status, q.status ?? AUDIT.PENDING),
    q.kind ? eq(publishedContents.kind, q.kind) : undefined,
  );
  const { rows, total } = await listPublications(db, where, offset, limit);
  return pageOf(q, total, rows);
}

/** Approves or rejects (with a reason) a pending publication of the admin's organisation. */
export async function review(db: Db, me: AuthContext, body: { id: number; status: 3 | -2; reason: string }) {
  const p = await findPublication(db, body.id);
  if (!p || p.groupId !== me.groupId) throw notFound(RES_MSG.publicationNotFound);
  if (body.status === AUDIT.REJECTED && !body.reason) throw badRequest(RES_MSG.rejectReasonRequired);
  if (p.status !== AUDIT.PENDING) throw badRequest(MSG.alreadyReviewed);
  await updatePublication(db, p.id, { status: body.status, reason: body.reason, reviewerId: me.userId, reviewedAt: new Date() });
}
