import { Empty, List, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ClassNews } from '@xueban/contract/classes';
import { ROUTES, pathTo, type RouteName } from '../../../app/paths.ts';
import { classNewsQuery } from '../api/class-news.ts';
import { NEWS_KIND_LABEL, dateTime } from '../lib/class-format.ts';

/** Where a news item leads, when it names a route the app knows. */
function hrefOf(link: ClassNews['link']): string | null {
  if (!link || !(link.name in ROUTES)) return null;
  try {
    return pathTo(link.name as RouteName, link.params, link.query);
  } catch {
    return null;
  }
}

/** One news item: its kind, title (a link when it leads somewhere), class and time. */
export function NewsItem({ item }: { item: ClassNews }) {
  const href = hrefOf(item.link);
  return (
    <List.Item>
      <List.Item.Meta
        title={(
          <span>
            <Tag color={item.kind === 'notice' ? 'orange' : 'blue'} style={{ marginInlineEnd: 8 }}>{NEWS_KIND_LABEL[item.kind] ?? '班级动态'}</Tag>
            {href ? <Link to={href}>{item.title}</Link> : item.title}
            {item.personal && <Tag style={{ marginLeft: 8 }}>仅你可见</Tag>}
          </span>
        )}
        description={`${item.team_title} · ${dateTime(item.create_time)}`}
      />
    </List.Item>
  );
}

/** 动态 tab of /dialogueIndex: the student's class news on this robot, newest first. */
export function ClassNewsFeed({ robotId }: { robotId: number }) {
  const news = useQuery(classNewsQuery(robotId));
  if (news.isLoading) return <Spin />;
  const items = news.data?.data ?? [];
  if (items.length === 0) {
    return <Empty description={<Typography.Text type="secondary">暂无班级动态：老师发布通知、课程或作业后会显示在这里</Typography.Text>} />;
  }
  return <List itemLayout="horizontal" dataSource={items} renderItem={(item) => <NewsItem item={item} />} />;
}
