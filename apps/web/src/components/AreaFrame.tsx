import type { ReactNode } from 'react';
import { Empty, Tabs } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ROUTES, pathTo, type RouteName } from '../app/paths.ts';

/**
 * The frame of a page: its title, its tabs (`:tab?` routes, default the first, spec §2) and its
 * body. Pages whose content later work builds show an honest empty state, never made-up data.
 * `tabKeys` keeps only those of the route's tabs (the ones the user may see), in the route's order.
 */
export function AreaFrame({ name, extra, tabKeys, children }: { name: RouteName; extra?: ReactNode; tabKeys?: readonly string[]; children?: ReactNode }) {
  const def = ROUTES[name] as { title: string; tabs?: readonly (readonly [string, string])[] };
  const params = useParams();
  const navigate = useNavigate();
  const tabs = tabKeys ? def.tabs?.filter(([key]) => tabKeys.includes(key)) : def.tabs;
  const active = tabs?.some(([key]) => key === params.tab) ? params.tab : tabs?.[0]?.[0];
  return (
    <section className="area-page" aria-labelledby="area-page-title">
      <header className="area-page-header">
        <h1 id="area-page-title">{def.title}</h1>
        {extra}
      </header>
      {tabs && (
        <Tabs
          activeKey={active}
          items={tabs.map(([key, label]) => ({ key, label }))}
          onChange={(tab) => navigate(pathTo(name, { ...params, tab }))}
        />
      )}
      <div className="area-page-body">{children ?? <Empty description="暂无数据" />}</div>
    </section>
  );
}

/** A page that is only its frame, for a route name. */
export const framePage = (name: RouteName) => {
  const Page = () => <AreaFrame name={name} />;
  Page.displayName = `Page(${name})`;
  return Page;
};
