import { Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useTalkableRobots } from '../api/get-talkable-robots.ts';
import { DialogueRobotCard } from './DialogueRobotCard.tsx';

/** 对话中心: every robot I can talk to (or only those I created), each with my latest conversation and the way into its chat. */
export function DialogueCenter({ mine }: { mine: boolean }) {
  const navigate = useNavigate();
  const list = useTalkableRobots(mine);
  const [keyword, setKeyword] = useState('');
  if (list.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const rows = (list.data ?? []).filter((r) => !keyword.trim() || r.name.includes(keyword.trim()));
  return (
    <>
      <Input.Search allowClear placeholder="搜索机器人" style={{ maxWidth: 320, marginBottom: 16 }} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
      {rows.length === 0 ? (
        <Empty description={keyword ? '没有找到机器人' : mine ? '你还没有创建机器人' : '还没有可以对话的机器人：去机器人广场加入一个吧'} />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))', gap: 16 }}>
          {rows.map((robot) => <DialogueRobotCard key={robot.id} robot={robot} onOpen={() => navigate(pathTo('robot-index', { rid: robot.id }))} />)}
        </div>
      )}
    </>
  );
}
