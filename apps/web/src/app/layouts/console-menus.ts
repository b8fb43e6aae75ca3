import type { RouteName } from '../paths.ts';

/** A top menu entry of a back office, with its left menu (spec §2 admin and group menus). */
export interface ConsoleMenu {
  key: string;
  label: string;
  home: RouteName;
  left: { label: string; name: RouteName }[];
  /** Pages reached from this menu that have no left entry of their own (they keep it highlighted). */
  also?: RouteName[];
}

export const ADMIN_TOP_MENU: ConsoleMenu[] = [
  { key: 'user', label: '用户管理', home: 'admin-developer', left: [
    { label: '创作者管理', name: 'admin-developer' },
    { label: '组织管理', name: 'admin-organization' },
    { label: '用户', name: 'admin-user-list' },
  ], also: ['admin-organization-content'] },
  { key: 'robot', label: '机器人管理', home: 'admin-official-robot', left: [
    { label: '机器人', name: 'admin-official-robot' },
    { label: '知识库', name: 'admin-repository' },
    { label: '意图库', name: 'admin-intent' },
    { label: '场景', name: 'admin-scene' },
    { label: '对话管理', name: 'admin-dialogue-record' },
    { label: 'AI 批阅', name: 'admin-match-robot-list' },
    { label: 'MCP 管理', name: 'admin-mcp' },
  ], also: ['admin-audit-list', 'admin-robot-detail', 'admin-intent-content'] },
  { key: 'settings', label: '系统设置', home: 'admin-settings', left: [
    { label: '概览', name: 'admin-index' },
    { label: '基础设置', name: 'admin-settings' },
    { label: 'AI 模型', name: 'admin-aimodel' },
    { label: '密钥管理', name: 'admin-key' },
    { label: '敏感词', name: 'admin-sensitive' },
    { label: '帮助中心', name: 'admin-help-center' },
    { label: '意见反馈', name: 'admin-feedback' },
    { label: '操作日志', name: 'admin-audit-log' },
  ] },
];

export const GROUP_TOP_MENU: ConsoleMenu[] = [
  { key: 'robot', label: '机器人管理', home: 'group-official-robot', left: [
    { label: '机器人', name: 'group-official-robot' },
    { label: '知识库', name: 'group-repository' },
    { label: '意图库', name: 'group-intent' },
    { label: '对话管理', name: 'group-dialogue-record' },
    { label: 'MCP 管理', name: 'group-mcp' },
  ], also: ['group-robot-detail'] },
  { key: 'org', label: '组织管理', home: 'group-organization', left: [
    { label: '组织信息', name: 'group-organization' },
    { label: '组织成员', name: 'group-organization-content' },
    { label: '意见反馈', name: 'group-feedback' },
    // Safety for minors (issue 28): under organisation management, as spec §2 has three top menus.
    { label: '安全预警', name: 'group-safety-flags' },
    { label: '组织敏感词', name: 'group-sensitive' },
    { label: '操作日志', name: 'group-audit' },
  ] },
  { key: 'workbench', label: '应用中心管理', home: 'group-app-list', left: [
    { label: '应用列表', name: 'group-app-list' },
    { label: '创作者', name: 'group-developer-list' },
  ], also: ['group-app-manage'] },
];
