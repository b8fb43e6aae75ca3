import { Button, Empty, Popconfirm, Spin, message } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { hideRobot, useUsedRobots, usedRobotsKey } from '../../../lib/queries/used-robots.ts';
import { useScrollLoad } from '../../../lib/use-scroll-load.ts';
import { RobotCard } from './RobotCard.tsx';

/** Every recently used robot as cards (8 a page, infinite), each with 移除 (hideRobot, after confirming). */
export function UsedRobotList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useUsedRobots();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());

  const remove = async (id: number) => {
    await hideRobot(id);
    void message.success(MSG.done);
    await queryClient.invalidateQueries({ queryKey: usedRobotsKey });
  };

  if (list.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (!rows.length) return <Empty description="暂无最近使用的机器人" />;
  return (
    <>
      <div className="robot-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))', gap: 16 }}>
        {rows.map(({ rid, robot }) => (
          <RobotCard
            key={rid}
            robot={robot}
            onOpen={() => navigate(pathTo('robot-about', { robot_id: rid }))}
            actions={[
              // The confirm pops up in a portal whose clicks still bubble to the card: stop them here.
              <span key="remove" onClick={(e) => e.stopPropagation()}>
                <Popconfirm title={MSG.confirmRemoveRobot} okText="移除" cancelText="取消" onConfirm={() => remove(rid)}>
                  <Button type="text" danger size="small" icon={<DeleteOutlined />}>移除</Button>
                </Popconfirm>
              </span>,
            ]}
          />
        ))}
      </div>
      {hasNextPage && (
        <div ref={end} style={{ textAlign: 'center', marginTop: 16 }}>
          <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>加载更多</Button>
        </div>
      )}
    </>
  );
}
