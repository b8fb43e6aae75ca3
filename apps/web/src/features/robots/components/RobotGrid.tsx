import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { useRobotList, type RobotListParams } from '../api/get-robot-list.ts';
import type { Robot } from '@xueban/contract/robots';

/** An infinite grid of robots (13 a page): the next page loads when its end scrolls into view (or with 加载更多). */
export function RobotGrid({ params, render }: { params: RobotListParams; render: (robot: Robot) => ReactNode }) {
  const list = useRobotList(params);
  const robots = list.data?.pages.flatMap((p) => p.data) ?? [];
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (list.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!robots.length) return <Empty description="暂无机器人" />;
  return (
    <>
      <div className="robot-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))', gap: 16 }}>
        {robots.map((r) => <div key={r.id}>{render(r)}</div>)}
      </div>
      {list.hasNextPage && (
        <div ref={end} style={{ textAlign: 'center', marginTop: 16 }}>
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>加载更多</Button>
        </div>
      )}
    </>
  );
}
