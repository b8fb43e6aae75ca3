import { describe, expect, it } from 'vitest';
import { AREA_HOME, ROUTES, linkTo, pathTo, type RouteName } from './paths.ts';

describe('pathTo', () => {
  it('gives a route without parameters its path', () => {
    expect(pathTo('home')).toBe('/home');
    expect(pathTo('dialogueCenter-myRobot')).toBe('/dialogueCenter/myRobot');
  });

  it('fills parameters and encodes them', () => {
    expect(pathTo('robot-about', { robot_id: 3 })).toBe('/robot/about/3');
    expect(pathTo('repository-content', { id: 'a b/c' })).toBe('/repository/content/a%20b%2Fc');
    expect(pathTo('group-app-manage', { id: 12 })).toBe('/group/workbench/appList/appManage/12');
  });

  it('drops an optional :tab? when not given, keeps it when given', () => {
    expect(pathTo('teachingSpace')).toBe('/teachingSpace');
    expect(pathTo('teachingSpace', { tab: 'project' })).toBe('/teachingSpace/project');
    expect(pathTo('robot-manage-design', { robotId: 9 })).toBe('/robot/manage/9');
    expect(pathTo('robot-manage-design', { robotId: 9, tab: 'member' })).toBe('/robot/manage/9/member');
    expect(pathTo('creator-robot', { rid: 4, tab: '' })).toBe('/creator/robot/4');
    expect(pathTo('student-panel-index')).toBe('/studentPanel');
  });

  it('appends the query, skipping undefined values', () => {
    expect(pathTo('robot-about', { robot_id: 3 }, { invite_code: 'X1', from: undefined })).toBe('/robot/about/3?invite_code=X1');
    expect(pathTo('app-scene', { sceneId: 2 }, { rid: 5, r_tab: 'talk' })).toBe('/appAssistant/appScene/2?rid=5&r_tab=talk');
    expect(pathTo('home', {}, { q: '中文 &=' })).toBe('/home?q=%E4%B8%AD%E6%96%87+%26%3D');
    expect(pathTo('home', {}, { a: undefined })).toBe('/home');
  });

  it('throws when a required parameter is missing or empty', () => {
    expect(() => pathTo('robot-about')).toThrow(/robot-about.*robot_id/);
    expect(() => pathTo('robot-manage-design', { tab: 'design' })).toThrow(/robotId/);
    expect(() => pathTo('repository-content', { id: '' })).toThrow(/'id'/);
  });

  it('linkTo is pathTo over a target object', () => {
    expect(linkTo({ name: 'trainCenter-detail', params: { id: 1, tab: 'talk' }, query: { pop: 1 } })).toBe('/trainCenter/1/talk?pop=1');
  });
});

describe('ROUTES', () => {
  const names = Object.keys(ROUTES) as RouteName[];

  it('has one path per name', () => {
    const paths = names.map((n) => ROUTES[n].path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names every route of spec §2 that the product links to', () => {
    for (const name of ['home', 'robotList', 'teacher-console', 'dialogueIndex', 'student-panel-index', 'my-used-robot', 'apply',
      'user-login', 'external-dialogue', 'robot-manage-design', 'student-project-detail', 'teacher-project-detail', 'space-detail',
      'robot-about', 'admin', 'group', 'not-found', 'unauthorized', 'about'] as const) {
      expect(ROUTES[name], name).toBeDefined();
    }
  });

  it('gives every tabbed route a :tab? segment and lands /admin and /group on their area', () => {
    for (const name of names) {
      const def = ROUTES[name] as { path: string; tabs?: unknown };
      expect(def.path.endsWith('/:tab?'), name).toBe(!!def.tabs);
    }
    expect(ROUTES[AREA_HOME.admin].path).toBe('/admin/user/developer');
    expect(ROUTES[AREA_HOME.group].path).toBe('/group/robot/officialRobot');
  });
});
