import { Button } from 'antd';
import { useRouteError } from 'react-router';

/** Shown when a page throws or its chunk fails to load (for example after a new release). */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page-center" role="alert">
      <div className="page-message">
        <h1>页面加载失败</h1>
        <p>请刷新页面后重试</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    </div>
  );
}
