import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import type { ClassInfo } from '@xueban/contract/classes';
import { showWarning } from '../../../lib/toast.ts';
import { addByAccount } from '../api/add-by-account.ts';
import { useClassAction } from '../hooks/use-class-action.ts';

/** The accounts typed in: separated by commas, spaces or new lines. */
export const accountsOf = (text: string) => text.split(/[\s,，、;；]+/).map((a) => a.trim()).filter(Boolean);

/** 添加学生: members of the organisation join the class by their mobile number or email. */
export function AddMembersForm({ cls }: { cls: ClassInfo }) {
  const [text, setText] = useState('');
  const { busy, run } = useClassAction();
  const accounts = accountsOf(text);
  const add = async () => {
    let skipped: string[] = [];
    const ok = await run('add', async () => {
      const r = await addByAccount(cls.id, accounts);
      skipped = r.skipped;
    }, '添加完成');
    if (!ok) return;
    setText(skipped.join(' '));
    if (skipped.length) showWarning(`以下账号未添加（不是本组织成员，或已在本机器人的其他班级）：${skipped.join('、')}`);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={text} placeholder="输入学生的手机号或邮箱，多个用空格或逗号分隔" aria-label="学生账号"
        onChange={(e) => setText(e.target.value)} onPressEnter={() => accounts.length > 0 && void add()}
      />
      <Button disabled={accounts.length === 0} loading={busy === 'add'} onClick={() => void add()}>添加学生</Button>
    </Space.Compact>
  );
}
