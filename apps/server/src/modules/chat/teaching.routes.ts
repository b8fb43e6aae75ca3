import type { FastifyPluginAsync } from 'fastify';
import { ChatRecordsContext, MyStudy, RecordsHasCorrect, TeacherConsole } from '@xueban/contract/calls/teaching-console';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { saveCorrection } from './corrections.service.ts';
import { saveTeacherSetting, teacherSetting } from './teacher-settings.service.ts';
import { consoleData, followList, inClass, myStudy, teacherClasses, userData, viewContext } from './teacher-views.service.ts';

const probe = (resource: 'robot' | 'record', field: string, where: 'body' | 'query' = 'query') =>
  ({ resource, field, in: where } as const);

/** 教师控制台的对话视图、订正与设置，学生自己的学习数据 (issue 17). Teachers' calls refuse students (403). */
export const teachingConsoleRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const teacher = { access: manageAccess };

  route(app, TeacherConsole.classes, { config: { ...teacher, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await teacherClasses(deps, caller(req), req.query.robot_id)));

  route(app, TeacherConsole.follow, { config: { ...teacher, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await followList(deps, caller(req), req.query)));

  route(app, ChatRecordsContext.viewContext, { config: { ...teacher, tenant: probe('record', 'id') } },
    async (req) => ok(await viewContext(deps, caller(req), req.query.id)));

  route(app, RecordsHasCorrect.save, { config: { ...teacher, tenant: probe('record', 'records_id', 'body') } },
    async (req) => ok(await saveCorrection(deps, caller(req), req.body.records_id, req.body.content), MSG.done));

  route(app, TeacherConsole.data, { config: { ...teacher, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await consoleData(deps, caller(req), req.query.robot_id, req.query.days)));

  route(app, TeacherConsole.userData, { config: { ...teacher, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await userData(deps, caller(req), req.query.robot_id, req.query.uid)));

  route(app, TeacherConsole.setting, { config: { ...teacher, tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await teacherSetting(deps, caller(req), req.query.robot_id)));

  route(app, TeacherConsole.saveSetting, { config: { ...teacher, tenant: probe('robot', 'robot_id', 'body') } },
    async (req) => ok(await saveTeacherSetting(deps, caller(req), req.body), MSG.done));

  route(app, MyStudy.data, { config: { access: 'user', tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await myStudy(deps, caller(req), req.query.robot_id)));

  route(app, MyStudy.inClass, { config: { access: 'user', tenant: probe('robot', 'robot_id') } },
    async (req) => ok(await inClass(deps, caller(req), req.query.robot_id)));
};
