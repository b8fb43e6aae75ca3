/** Plain values of the robot and team calls (spec §3, §4, §6), without zod (see constants/chat.ts). */

/** A user's role on a robot (spec §3, §6). Empty string in answers means "not joined". */
export const ROBOT_ROLE = { CREATOR: 'creator', COOPERATOR: 'cooperator', TEACHER: 'teacher', USER: 'user' } as const;
export type RobotRole = (typeof ROBOT_ROLE)[keyof typeof ROBOT_ROLE];
/** extra.use_type: 1 student use (进入操作端), 2 teacher use (入驻 / 进入控制端). */
export const USE_TYPE = { STUDENT: 1, TEACHER: 2 } as const;
/** Robot.source: 0 created blank, 1 copied from the template library or the square, 2 a teacher's settled copy. */
export const ROBOT_SOURCE = { BLANK: 0, COPY: 1, SETTLE: 2 } as const;
/** Robot.is_public: 0 private, 1 robot square (all organisations, after review), 2 public within the organisation. */
export const IS_PUBLIC = { PRIVATE: 0, SQUARE: 1, ORG: 2 } as const;
/** Audit status of spec §4. */
export const AUDIT = { REJECTED: -2, PENDING: 2, APPROVED: 3 } as const;
export const RELEASE_TARGETS = ['square', 'template'] as const;
export type ReleaseTarget = (typeof RELEASE_TARGETS)[number];
export const FETCH_TYPES = ['my', 'square', 'template'] as const;
export const TEAM_ROLES = ['teacher', 'student'] as const;
/** team_category_id 1 is a virtual group (label 虚拟组), otherwise a team (团队). */
export const TEAM_CATEGORY = { TEAM: 0, VIRTUAL_GROUP: 1 } as const;
export const ROBOT_NAME_MAX = 30;
export const TEAM_SIZE = { default: 200, max: 1000 } as const;
