import { Empty, Spin } from 'antd';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths.ts';
import { useUsedRobots } from '../../../lib/queries/used-robots.ts';
import { useScrollLoad } from '../../../lib/use-scroll-load.ts';
import { RobotAvatar } from './RobotAvatar.tsx';

/**
 * The sidebar's 最近使用 list (spec §2): avatar and name linking to the robot's about page, 8 a
 * page, the next page loading as the list scrolls to its end; an honest empty state when none.
 */
export default function RecentRobots() {
  const list = useUsedRobots();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const end = useScrollLoad<HTMLDivElement>(!!hasNextPage && !isFetchingNextPage, () => void fetchNextPage());
  if (list.isPending) return <Spin size="small" style={{ display: 'block', margin: 16 }} />;
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无最近使用的机器人" />;
  return (
    <ul className="sidebar-recent-list" aria-label="最近使用的机器人" style={{ listStyle: 'none', margin: 0, padding: 0, overflowY: 'auto', maxHeight: 320 }}>
      {rows.map(({ rid, robot }) => (
        <li key={rid}>
          <Link to={pathTo('robot-about', { robot_id: rid })} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 4px', color: 'inherit' }}>
            <RobotAvatar src={robot.avatar} size={28} />
            <span className="text-ellipsis" style={{ flex: 1, minWidth: 0 }}>{robot.name}</span>
          </Link>
        </li>
      ))}
      {hasNextPage && <li><div ref={end} style={{ textAlign: 'center', padding: 4 }}>{isFetchingNextPage && <Spin size="small" />}</div></li>}
    </ul>
  );
}
