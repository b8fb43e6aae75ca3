import { describe, expect, it } from 'vitest';
import { describeChange } from './audit-labels.ts';
import { roleLabel } from '@xueban/contract/roles';

describe('describeChange (the audit log\'s before and after)', () => {
  it('reads roles by their names and lists the changed fields', () => {
    expect(describeChange({ roles: ['ROLE_TEACHER', 'ROLE_CREATOR'] }, roleLabel)).toBe('roles: 教师、创作者');
    expect(describeChange({ name: '晨光中学', seats: 30 }, roleLabel)).toBe('name: 晨光中学；seats: 30');
    expect(describeChange({ role: 'ROLE_TEACHER', expire_time: 1_796_377_655 }, roleLabel)).toMatch(/^role: 教师；expire_time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('shows a dash when there is nothing (a creation has no before, a removal no after)', () => {
    expect(describeChange(null, roleLabel)).toBe('—');
    expect(describeChange({}, roleLabel)).toBe('—');
  });
});
