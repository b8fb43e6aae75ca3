/** Course plans' values the web imports without zod. */

/** The messages of course plans (ours: the spec gives none). */
export const COURSE_MSG = {
  planNotFound: '课程不存在',
  nodeNotFound: '课时不存在',
  titleRequired: '请输入标题',
  titleTooLong: '标题在50个字以内',
  parentInvalid: '上级目录不存在',
  moveInvalid: '目录调整无效，请刷新后重试',
  notYourPlan: '只能管理自己的课程',
  notYourClass: '只能发布到自己带的班级',
  notPublished: '课程未发布到该班级',
  nodeLocked: '该课时尚未解锁，请等待老师解锁',
  notInClass: '你不在发布该课程的班级中',
  fileInvalid: '文件不存在或不属于当前组织',
  published: '课程已发布',
  unlocked: '课时已解锁',
  locked: '课时已锁定',
  studied: '已标记为学完',
} as const;

/** The spec's tree indent (§2, §10): each level of the course directory indents 30 px. */
export const COURSE_TREE_INDENT = 30;
/** item_status of a node for a class: 0 locked (greyed for students, content refused), 1 open. */
export const ITEM_STATUS = { LOCKED: 0, OPEN: 1 } as const;
