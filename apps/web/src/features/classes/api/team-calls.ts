import { RobotTeam } from '@xueban/contract/calls/robots';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/RobotTeam/removeMember — takes a member out of the class. */
export const removeMember = (id: number, uid: number) => call(RobotTeam.removeMember, { id, uid });
/** POST /api/ai/RobotTeam/changeRole — a member becomes a team teacher or a student. */
export const changeRole = (id: number, uid: number, role: 'teacher' | 'student') => call(RobotTeam.changeRole, { id, uid, role });
/** POST /api/ai/RobotTeam/delete — deletes the class (its owner or the robot's creator). */
export const deleteClass = (id: number) => call(RobotTeam.delete, { id });
/** POST /api/ai/RobotTeam/leave — a co-teacher leaves the class. */
export const leaveClass = (id: number) => call(RobotTeam.leave, { id });
