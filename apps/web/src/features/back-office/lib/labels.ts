/** Chinese labels of the back offices (no zod: plain values the pages may import). */
/** spec §4: vip_level 1 trial; above 1 paid, or expired once past its end. */
export const TIER_LABEL: Record<string, { text: string; color: string }> = {
  trial: { text: '试用', color: 'blue' },
  paid: { text: '付费', color: 'green' },
  expired: { text: '已过期', color: 'red' },
};

/** The audit trail's verbs, as people read them. */
export const ACTION_LABEL: Record<string, string> = {
  'group.create': '新建组织',
  'group.rename': '重命名组织',
  'group.tier': '设置服务等级',
  'group.status': '停用/启用组织',
  'group.update': '修改组织',
  'member.add': '添加成员',
  'member.role': '设置成员角色',
  'member.move': '移动用户',
  'member.remove': '移除成员',
  'user.disable': '停用账号',
  'user.enable': '启用账号',
  'user.reset_password': '重置密码',
  'robot.hide': '停用机器人',
  'robot.show': '启用机器人',
  'robot.close': '关闭机器人',
  'robot.open': '开启机器人',
  'robot.off_square': '从广场下架',
  'robot.delete': '删除机器人',
  'robot.official': '设为官方机器人',
  'robot.unofficial': '取消官方机器人',
  'settings.save': '保存基础设置',
  'banner.create': '新建横幅',
  'banner.update': '修改横幅',
  'banner.delete': '删除横幅',
  'help.create': '新建帮助文章',
  'help.update': '修改帮助文章',
  'help.delete': '删除帮助文章',
};
