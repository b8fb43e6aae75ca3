import { describe, expect, it } from 'vitest';
import { robotActions } from './robot-actions.ts';

const robot = (role: string, use_type: number[]) => ({ role, extra: { use_type } });

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
  it('turns 入驻 into 进入控制端 once a teacher', () => {
    expect(robotActions(robot('teacher', [1, 2]), ['ROLE_TEACHER'])).toEqual({ operate: true, settle: false, console: true });
  });
});
