/** Constants of the teacher console the web needs without zod (see constants/chat.ts). */
export const TUTORING_MODES = ['direct', 'guide', 'cite'] as const;
export type TutoringMode = (typeof TUTORING_MODES)[number];
/** The tutoring modes as the setting tab names them. */
export const TUTORING_MODE_LABELS: Record<TutoringMode, string> = { direct: '直接回答', guide: '引导提问', cite: '引用教材' };
/** Shown in the chat panel to a student in a class on the robot. */
export const CLASS_NOTICE = '你的老师可以查看你在本机器人中的对话，对话内容会经过安全筛查。';
export const CORRECTION_NEWS_TITLE = '老师订正了你的回答';
export const INSTRUCTIONS_MAX = 2000;
export const CORRECTION_MAX = 5000;
export const STUDENT_NOT_FOUND = '学生不在你的班级中';
