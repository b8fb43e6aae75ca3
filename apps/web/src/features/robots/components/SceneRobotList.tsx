import { Button, Empty, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useRobotList } from '../api/get-robot-list.ts';
import { useScrollLoad } from '../../../lib/use-scroll-load.ts';
import { openCreateRobotDialog } from '../stores/create-robot-dialog.ts';
import { RobotAvatar } from './RobotAvatar.tsx';

/**
 * The 机器人列表 column of an app scene (spec §2): + 创建机器人 (creators) and the caller's robots
 * of the scene, 13 a page, the next page loading as the column scrolls; the active one highlighted.
 */
export function SceneRobotList({ sceneId, activeId, canCreate, onSelect }: {
  sceneId: number;
  activeId?: number;
  canCreate: boolean;
  onSelect: (id: number) => void;
}) {
  const list = useRobotList({ fetch_type: 'my', scene_id: sceneId });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <aside aria-label="机器人列表" style={{ width: 260, flex: '0 0 260px', borderRight: '1px solid #f0f0f0', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <div style={{ padding: '12px 16px', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>机器人列表</Typography.Title>
        {canCreate && <Button size="small" type="link" icon={<PlusOutlined />} onClick={openCreateRobotDialog}>创建机器人</Button>}
      </div>
      <div style={{ flex: 1, overflowY: 'auto', padding: '0 8px 8px' }}>
        {list.isPending ? <Spin style={{ display: 'block', margin: 24 }} />
          : !rows.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无机器人" />
            : rows.map((r) => (
              <button
                key={r.id}
                type="button"
                aria-current={r.id === activeId ? 'true' : undefined}
                onClick={() => onSelect(r.id)}
                style={{
                  display: 'flex', alignItems: 'center', gap: 8, width: '100%', padding: 8, border: 'none', borderRadius: 8, cursor: 'pointer', textAlign: 'left',
                  background: r.id === activeId ? '#e6f4ff' : 'transparent',
                }}
              >
                <RobotAvatar src={r.avatar} size={32} />
                <Typography.Text ellipsis strong={r.id === activeId} style={{ flex: 1, minWidth: 0 }}>{r.name}</Typography.Text>
              </button>
            ))}
        {hasNextPage && <div ref={end} style={{ textAlign: 'center', padding: 8 }}>{isFetchingNextPage && <Spin size="small" />}</div>}
      </div>
    </aside>
  );
}
