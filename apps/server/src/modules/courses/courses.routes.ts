import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { COURSE_MSG } from '@xueban/contract/courses';
import { CourseNode, CoursePlan, CourseStudy, CourseTeach } from '@xueban/contract/calls/courses';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { listMyPlans, moveNodes, planDetail, removeNode, removePlan, saveNode, savePlan } from './course-plans.service.ts';
import {
  publishPlan, publishTargets, setItemStatus, studentProgress, teachingDetail, teachingList, unpublishPlan,
} from './course-teaching.service.ts';
import { markDone, studyDetail, studyList, studyNode } from './course-study.service.ts';

const probe = (resource: 'coursePlan' | 'courseNode' | 'robot', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);

/** 课程 (project trees): the library and editor, publishing and unlocking (teachers), studying (students). */
export const courseRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  const manage = manageAccess;

  // ── Library and editor ──
  route(app, CoursePlan.lists, { config: { access: manage } }, async (req) => ok(await listMyPlans(db, caller(req), req.query)));
  route(app, CoursePlan.detail, { config: { access: manage, tenant: probe('coursePlan', 'plan_id', 'query') } },
    async (req) => ok(await planDetail(db, caller(req), req.query.plan_id)));
  route(app, CoursePlan.save, { config: { access: manage, tenant: probe('coursePlan', 'id') } },
    async (req) => ok(await savePlan(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));
  route(app, CoursePlan.delete, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } }, async (req) => {
    await removePlan(db, caller(req), req.body.plan_id);
    return ok(null, MSG.deleted);
  });
  route(app, CourseNode.save, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } },
    async (req) => ok(await saveNode(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));
  route(app, CourseNode.delete, { config: { access: manage, tenant: probe('courseNode', 'node_id') } }, async (req) => {
    await removeNode(db, caller(req), req.body.node_id);
    return ok(null, MSG.deleted);
  });
  route(app, CourseNode.move, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } },
    async (req) => ok(await moveNodes(db, caller(req), req.body), MSG.done));

  // ── Publishing and teaching ──
  route(app, CoursePlan.classes, { config: { access: manage, tenant: probe('coursePlan', 'plan_id', 'query') } },
    async (req) => ok(await publishTargets(db, caller(req), req.query.plan_id)));
  route(app, CoursePlan.publish, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } },
    async (req) => ok(await publishPlan(db, caller(req), req.body.plan_id, req.body.team_id), COURSE_MSG.published));
  route(app, CoursePlan.unpublish, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } }, async (req) => {
    await unpublishPlan(db, caller(req), req.body.plan_id, req.body.team_id);
    return ok(null, MSG.done);
  });
  route(app, CourseTeach.lists, { config: { access: manage, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await teachingList(db, caller(req), req.query.robot_id)));
  route(app, CourseTeach.detail, { config: { access: manage, tenant: probe('coursePlan', 'plan_id', 'query') } },
    async (req) => ok(await teachingDetail(db, caller(req), req.query.plan_id, req.query.team_id)));
  route(app, CourseTeach.unlock, { config: { access: manage, tenant: probe('coursePlan', 'plan_id') } },
    async (req) => ok(null, await setItemStatus(db, caller(req), req.body)));
  route(app, CourseTeach.studentProgress, { config: { access: manage, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await studentProgress(db, caller(req), req.query.robot_id, req.query.student_id)));

  // ── Studying (any logged-in member; a plan not published to their class is a 404) ──
  route(app, CourseStudy.lists, { config: { access: 'user', tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await studyList(db, caller(req), req.query.robot_id)));
  route(app, CourseStudy.detail, { config: { access: 'user', tenant: probe('coursePlan', 'plan_id', 'query') } },
    async (req) => ok(await studyDetail(db, caller(req), req.query.plan_id)));
  route(app, CourseStudy.node, { config: { access: 'user', tenant: probe('coursePlan', 'plan_id', 'query') } },
    async (req) => ok(await studyNode(db, caller(req), req.query.plan_id, req.query.node_id)));
  route(app, CourseStudy.done, { config: { access: 'user', tenant: probe('coursePlan', 'plan_id') } }, async (req) => {
    await markDone(db, caller(req), req.body.plan_id, req.body.node_id);
    return ok(null, COURSE_MSG.studied);
  });
};
