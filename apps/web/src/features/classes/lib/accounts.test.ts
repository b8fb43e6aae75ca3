import { describe, expect, it } from 'vitest';
import { accountsOf } from '../components/AddMembersForm.tsx';

describe('accountsOf', () => {
  it('splits the accounts a teacher types by spaces, commas (also full-width), 、 and new lines', () => {
    expect(accountsOf(' 13800000001，13800000002, a@b.cn\n13800000003、 ')).toEqual(['13800000001', '13800000002', 'a@b.cn', '13800000003']);
    expect(accountsOf('   ')).toEqual([]);
  });
});
