import { describe, expect, it } from 'vitest';
import { robotActions } from './robot-actions.ts';

const robot = (role: string, use_type: number[], settled: number | null = null) =>
  ({ id: 7, role, extra: { use_type }, settled_robot: settled ? { id: settled, name: '副本' } : null });

describe('robotActions', () => {
  it('offers 进入操作端 only with student use', () => {
    expect(robotActions(robot('', [1]), []).operate).toBe(true);
    expect(robotActions(robot('', [2]), []).operate).toBe(false);
  });
  it('never offers 入驻 to non-teacher accounts', () => {
    expect(robotActions(robot('', [1, 2]), ['ROLE_STUDENT']).settle).toBe(false);
    expect(robotActions(robot('', [1, 2]), ['ROLE_TEACHER']).settle).toBe(true);
    expect(robotActions(robot('', [1, 2]), ['ROLE_ORG_ADMIN']).settle).toBe(true);
    expect(robotActions(robot('', [1]), ['ROLE_TEACHER']).settle).toBe(false);
  });
  it('turns 入驻 into 进入控制端 once a teacher of this robot', () => {
    expect(robotActions(robot('teacher', [1, 2]), ['ROLE_TEACHER'])).toEqual({ operate: true, settle: false, console: 7 });
  });
  it('turns 入驻 into 进入控制端 of the settled copy once settled', () => {
    expect(robotActions(robot('', [1, 2], 12), ['ROLE_TEACHER'])).toEqual({ operate: true, settle: false, console: 12 });
    expect(robotActions(robot('', [1, 2]), ['ROLE_TEACHER']).console).toBeNull();
  });
});
