import { Button, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { Checklist } from '@xueban/contract/platform';
import { pathTo } from '../../../app/paths.ts';
import { useChecklist } from '../api/checklist.ts';
import { useDismissChecklist } from '../api/dismiss-checklist.ts';
import { useCreateInvite } from '../api/create-invite.ts';
import './onboarding.css';

type Key = Checklist['items'][number]['key'];

const TEXT: Record<Key, { title: string; hint: string }> = {
  model: { title: '接入 AI 模型', hint: '未接入时，内置引擎只从知识库找答案' },
  invite: { title: '邀请你的学校', hint: '把邀请链接发给老师和同学' },
  robot: { title: '创建一个机器人', hint: '用你们自己的知识库和意图' },
};

function Action({ k }: { k: Key }) {
  const invite = useCreateInvite();
  if (k === 'model') return <Link to={pathTo('admin-aimodel')}>去接入</Link>;
  if (k === 'robot') return <Link to={pathTo('creator')}>去创作中心</Link>;
  if (invite.data) {
    return <Typography.Text copyable={{ text: invite.data.invite_url }} ellipsis className="onboarding-link">{invite.data.invite_url}</Typography.Text>;
  }
  return <Button size="small" type="link" loading={invite.isPending} onClick={() => invite.mutate()}>生成邀请链接</Button>;
}

/**
 * The admin's first-start checklist on /home (issue 27): what a new school does first, each step
 * ticked by what exists, gone once all are done or dismissed with 不再显示.
 */
export default function AdminChecklist() {
  const list = useChecklist();
  const dismiss = useDismissChecklist();
  if (!list.data?.show) return null;
  const left = list.data.items.filter((i) => !i.done).length;
  return (
    <section className="onboarding" aria-label="上手清单">
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Typography.Text strong>开始使用学伴 AI（还有 {left} 步）</Typography.Text>
        <Button size="small" type="text" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>不再显示</Button>
      </Flex>
      <ol className="onboarding-items">
        {list.data.items.map((item) => (
          <li key={item.key} data-done={item.done || undefined}>
            <Typography.Text delete={item.done}>{TEXT[item.key].title}</Typography.Text>
            {item.done ? <Tag color="success">已完成</Tag> : (
              <>
                <Typography.Text type="secondary" className="onboarding-hint">{TEXT[item.key].hint}</Typography.Text>
                <Action k={item.key} />
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
