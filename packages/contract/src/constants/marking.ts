/**
 * Plain values of AI marking (issue 17), without zod, for the web's pages (marking.ts re-exports
 * them for the server; docs/decisions.md "Contract constants without zod").
 */

/** The marking screens' own messages (kept here, beside their schemas). */
export const MARK_MSG = {
  noModel: '未配置 AI 模型，无法进行 AI 批阅，请老师手动评分',
  modelFailed: 'AI 批阅失败，请稍后重新 AI 批阅',
  modelTimeout: 'AI 批阅超时，请稍后重新 AI 批阅',
  interrupted: 'AI 批阅被中断，请重新 AI 批阅',
  modelUnreadable: 'AI 返回的批阅结果无法识别，请重新 AI 批阅或手动评分',
  assignmentNotFound: '作业不存在',
  submissionNotFound: '提交不存在',
  notYourClass: '只能管理自己班级的作业',
  notInClass: '你不在该作业的班级中',
  titleRequired: '请输入作业标题',
  rubricRequired: '请至少设置一项评分标准',
  rubricNameRequired: '请输入评分项名称',
  rubricDuplicate: '评分项名称不能重复',
  rubricLocked: '已有作业按原评分标准评分，不能再修改评分标准',
  dueRequired: '请选择截止时间',
  emptySubmission: '请填写作业内容或上传文件',
  alreadyReleased: '批阅结果已发布，不能再修改提交',
  assignmentClosed: '作业已关闭，不再接收提交',
  scoresRequired: '请先为每个评分项打分',
  drafting: 'AI 正在批阅，请稍候',
  released: '已发布',
  releasedAll: '已全部发布',
  submitted: '提交成功',
} as const;

/** The states of a submission and their Chinese labels (failed still waits for marking). */
export const SUBMISSION_STATUSES = ['submitted', 'drafting', 'drafted', 'failed', 'released'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus | 'missing', string> = {
  missing: '未提交',
  submitted: '待批阅',
  drafting: 'AI 批阅中',
  failed: '待批阅',
  drafted: 'AI 已批阅',
  released: '已发布',
};

export const MARKING_LIMITS = { criteria: 10, pointsMax: 1000, textMax: 20_000, files: 5, titleMax: 50, instructionsMax: 5000 } as const;

