/**
 * Every route of spec §2: name → path and rules. Links and redirects use names, never literal
 * paths (`pathTo`); router.tsx gives every name a page. `:tab?` routes are tabbed pages whose
 * default tab is the first of `tabs`.
 */
export type Area = 'main' | 'creator' | 'teacher' | 'admin' | 'group';

/** Who may open a route once logged in (spec §6). */
export type RouteRule = 'teacherOrDeveloper' | 'superAdmin' | 'vipAdmin' | 'orgAdmin';

export interface RouteDef {
  path: string;
  area: Area;
  title: string;
  /** Open routes need no login (spec §2). */
  open?: boolean;
  rule?: RouteRule;
  /** Open when the URL carries one of these query params (issue 25: a visitor's embed ticket or share link). */
  openWith?: readonly string[];
  tabs?: readonly (readonly [key: string, label: string])[];
}

const r = (path: string, area: Area, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({ path, area, title, ...extra });

const robotTabs = [['library', '资源库'], ['stats', '数据统计'], ['member', '成员'], ['setup', '设置'], ['release', '发布']] as const;

export const ROUTES = {
  home: r('/home', 'main', '首页'),
  dialogueIndex: r('/dialogueIndex/:tab?', 'main', '对话', {
    tabs: [['follow', '关注'], ['data', '数据'], ['resource', '资源'], ['dynamic', '动态']],
  }),
  dialogueCenter: r('/dialogueCenter', 'main', '对话中心'),
  'dialogueCenter-myRobot': r('/dialogueCenter/myRobot', 'main', '我的机器人'),
  'robot-index': r('/index/:rid', 'main', '机器人'),
  resCenter: r('/resCenter', 'main', '资源中心'),
  resIntent: r('/resIntent', 'main', '意图库'),
  'resIntent-content': r('/resIntent/content', 'main', '意图内容'),
  repository: r('/repository', 'main', '知识库'),
  'repository-content': r('/repository/content/:id', 'main', '知识库内容'),
  trainCenter: r('/trainCenter', 'main', '训练中心'),
  'trainCenter-detail': r('/trainCenter/:id/:tab?', 'main', '训练', { tabs: [['train', '训练'], ['talk', '对话'], ['setup', '设置']] }),
  robotList: r('/robotList', 'main', '机器人广场'),
  'my-used-robot': r('/my-used-robot', 'main', '最近使用'),
  'robot-about': r('/robot/about/:robot_id', 'main', '机器人详情'),
  'app-scene': r('/appAssistant/appScene/:sceneId', 'main', '机器人列表'),
  'external-dialogue': r('/external-dialogue', 'main', '对话', { openWith: ['ticket', 'share'] }),
  'student-panel-index': r('/studentPanel/:id?', 'main', '学习面板'),
  'space-detail': r('/space/detail/:id', 'main', '空间详情'),
  notifications: r('/notifications', 'main', '消息通知'),
  'microapp-uc-page': r('/microapp/uc-page', 'main', '用户中心'),
  oauth: r('/oauth', 'main', '授权登录', { open: true }),
  about: r('/about', 'main', '关于', { open: true }),
  'no-permission': r('/no-permission', 'main', '没有权限', { open: true }),
  unauthorized: r('/401', 'main', '无访问权限', { open: true }),
  'not-found': r('/404', 'main', '页面不存在', { open: true }),
  test: r('/test', 'main', '运行自检', { rule: 'superAdmin' }),
  /** 组织管理 of every organisation, trial included (spec §2 user panel; /group's non-VIP redirect, spec §6). */
  'org-settings': r('/organization/settings', 'main', '组织管理', { rule: 'orgAdmin' }),
  icons: r('/icons', 'main', '图标库'),

  // Open routes (spec §2): they go to /home and open their dialogue there.
  'user-login': r('/user/login', 'main', '登录', { open: true }),
  'user-register': r('/user/register', 'main', '注册', { open: true }),
  'user-branch': r('/user/branch', 'main', '创建组织', { open: true }),
  'user-join-branch': r('/user/join-branch', 'main', '加入组织', { open: true }),
  'user-reset-pass': r('/user/reset-pass', 'main', '重置密码', { open: true }),
  'personal-index': r('/personal/index', 'main', '个人资料', { open: true }),
  'personal-security': r('/personal/security', 'main', '账号安全', { open: true }),
  'personal-mygroup': r('/personal/mygroup', 'main', '我的组织', { open: true }),

  creator: r('/creator/:tab?', 'creator', '创作中心', {
    tabs: [['robot', '机器人'], ['resIntent', '意图库'], ['repository', '知识库'], ['project', '课程库'], ['solution', '解决方案'], ['app', '收益中心']],
  }),
  'creator-robot': r('/creator/robot/:rid/:tab?', 'creator', '机器人管理', {
    tabs: [['library', '资源库'], ['stats', '数据统计'], ['release', '发布'], ['member', '成员'], ['setup', '设置'], ['mark', 'AI 批阅'], ['api', 'API 密钥']],
  }),
  'developer-index': r('/developer/index', 'creator', '开发者中心'),
  'developer-app-detail': r('/developer/user-app-detail', 'creator', '应用详情'),
  'app-manage': r('/appManage/:id', 'creator', '应用管理'),
  'resource-library': r('/resource/library', 'creator', '资源库'),
  apply: r('/apply', 'creator', '申请成为创作者'),
  'published-content-detail': r('/published-content-detail/:id', 'creator', '发布内容详情'),
  'robot-manage-design': r('/robot/manage/:robotId/:tab?', 'creator', '机器人管理', {
    tabs: [['design', '设计'], ['stats', '数据'], ['release', '发布'], ['member', '成员'], ['setting', '设置'], ['api', 'API 密钥']],
  }),

  teachingSpace: r('/teachingSpace/:tab?', 'teacher', '教学空间', {
    rule: 'teacherOrDeveloper',
    tabs: [['robot', '机器人'], ['index', '概览'], ['project', '课程'], ['repository', '知识库'], ['resIntent', '意图库']],
  }),
  'teacher-console': r('/teacherCenter/console/:robotId/:tab?', 'teacher', '教师控制台', {
    rule: 'teacherOrDeveloper',
    tabs: [['follow', '关注'], ['course', '课程'], ['data', '数据'], ['user-data', '学生数据'], ['resource', '资源'], ['mark', 'AI 批阅'], ['member', '成员'], ['setting', '设置']],
  }),
  'teacher-reading': r('/teacherCenter/reading', 'teacher', 'AI 批阅', { rule: 'teacherOrDeveloper' }),
  /** Safety alerts of the students in the classes the teacher leads (issue 28). */
  'teacher-flags': r('/teacherCenter/flags', 'teacher', '安全预警', { rule: 'teacherOrDeveloper' }),
  'project-detail': r('/resource/project-detail', 'teacher', '课程详情'),
  'teacher-project-detail': r('/teacher/project-detail/:id', 'teacher', '课程教学', { rule: 'teacherOrDeveloper' }),
  'student-project-detail': r('/student/project-detail/:id', 'teacher', '课程学习'),

  admin: r('/admin', 'admin', '管理后台', { rule: 'superAdmin' }),
  'admin-index': r('/admin/index', 'admin', '概览', { rule: 'superAdmin' }),
  'admin-official-robot': r('/admin/robot/officialRobot', 'admin', '机器人', { rule: 'superAdmin' }),
  'admin-repository': r('/admin/robot/repository', 'admin', '知识库', { rule: 'superAdmin' }),
  'admin-knowledge': r('/admin/robot/knowledge', 'admin', '知识管理', { rule: 'superAdmin' }),
  'admin-intent': r('/admin/robot/intent', 'admin', '意图库', { rule: 'superAdmin' }),
  'admin-intent-content': r('/admin/robot/intent/content', 'admin', '意图内容', { rule: 'superAdmin' }),
  'admin-scene': r('/admin/robot/scene', 'admin', '场景', { rule: 'superAdmin' }),
  'admin-dialogue-record': r('/admin/robot/dialogueRecord', 'admin', '对话管理', { rule: 'superAdmin' }),
  'admin-mcp': r('/admin/robot/mcp', 'admin', 'MCP 管理', { rule: 'superAdmin' }),
  'admin-robot-detail': r('/admin/robot/:id/:tab?', 'admin', '机器人详情', { rule: 'superAdmin', tabs: robotTabs }),
  'admin-settings': r('/admin/settings/index', 'admin', '基础设置', { rule: 'superAdmin' }),
  'admin-aimodel': r('/admin/settings/aimodel', 'admin', 'AI 模型', { rule: 'superAdmin' }),
  'admin-key': r('/admin/settings/key', 'admin', '密钥管理', { rule: 'superAdmin' }),
  'admin-sensitive': r('/admin/settings/sensitive', 'admin', '敏感词', { rule: 'superAdmin' }),
  'admin-help-center': r('/admin/settings/helpCenter', 'admin', '帮助中心', { rule: 'superAdmin' }),
  'admin-organization': r('/admin/user/organization', 'admin', '组织管理', { rule: 'superAdmin' }),
  'admin-organization-content': r('/admin/user/organization/content', 'admin', '组织详情', { rule: 'superAdmin' }),
  'admin-developer': r('/admin/user/developer', 'admin', '创作者管理', { rule: 'superAdmin' }),
  'admin-user-list': r('/admin/user/list', 'admin', '用户', { rule: 'superAdmin' }),
  'admin-audit-log': r('/admin/settings/auditLog', 'admin', '操作日志', { rule: 'superAdmin' }),
  'admin-match-robot-list': r('/admin/match/robotList', 'admin', 'AI 批阅', { rule: 'superAdmin' }),
  'admin-audit-list': r('/admin/match/auditList/:id', 'admin', '审核列表', { rule: 'superAdmin' }),
  'admin-feedback': r('/admin/settings/feedback', 'admin', '意见反馈', { rule: 'superAdmin' }),

  group: r('/group', 'group', '组织后台', { rule: 'vipAdmin' }),
  'group-official-robot': r('/group/robot/officialRobot', 'group', '机器人', { rule: 'vipAdmin' }),
  'group-repository': r('/group/robot/repository', 'group', '知识库', { rule: 'vipAdmin' }),
  'group-intent': r('/group/robot/intent', 'group', '意图库', { rule: 'vipAdmin' }),
  'group-dialogue-record': r('/group/robot/dialogueRecord', 'group', '对话管理', { rule: 'vipAdmin' }),
  /** The organisation's own MCP services (issue 19); the platform's are listed there read-only. */
  'group-mcp': r('/group/robot/mcp', 'group', 'MCP 管理', { rule: 'vipAdmin' }),
  'group-robot-detail': r('/group/robot/:id/:tab?', 'group', '机器人详情', { rule: 'vipAdmin', tabs: robotTabs }),
  'group-organization': r('/group/user/organization', 'group', '组织管理', { rule: 'vipAdmin' }),
  'group-organization-content': r('/group/user/organization/content', 'group', '组织成员', { rule: 'vipAdmin' }),
  'group-audit': r('/group/user/audit', 'group', '操作日志', { rule: 'vipAdmin' }),
  'group-app-list': r('/group/workbench/appList', 'group', '应用列表', { rule: 'vipAdmin' }),
  'group-app-manage': r('/group/workbench/appList/appManage/:id', 'group', '应用管理', { rule: 'vipAdmin' }),
  'group-developer-list': r('/group/workbench/developerList', 'group', '创作者', { rule: 'vipAdmin' }),
  'group-feedback': r('/group/workbench/feedback', 'group', '意见反馈', { rule: 'vipAdmin' }),
  /** The organisation's safety alerts and its own sensitive words (issue 28). */
  'group-safety-flags': r('/group/safety/flags', 'group', '安全预警', { rule: 'vipAdmin' }),
  'group-sensitive': r('/group/safety/sensitive', 'group', '组织敏感词', { rule: 'vipAdmin' }),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** Where /admin and /group land (spec §2). */
export const AREA_HOME = { admin: 'admin-developer', group: 'group-official-robot' } as const satisfies Partial<Record<Area, RouteName>>;

export interface LinkTarget {
  name: RouteName;
  params?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | undefined>;
}

/** Builds a path from a route name: `pathTo('robot-about', { robot_id: 3 }, { invite_code })`. */
export function pathTo(name: RouteName, params: LinkTarget['params'] = {}, query: LinkTarget['query'] = {}): string {
  const path = ROUTES[name].path.replace(/\/:(\w+)(\?)?/g, (_, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`pathTo('${name}') needs the parameter '${key}'`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
  const qs = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string | number] => e[1] !== undefined).map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}

export const linkTo = (t: LinkTarget) => pathTo(t.name, t.params, t.query);
