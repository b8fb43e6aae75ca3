import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/load-chunk.ts';

/**
 * Shown when a page throws or its chunk fails to load. A chunk that cannot be fetched (or
 * stalls past spec §9's 120 s) almost always means a new release replaced the old files while
 * this tab was open: that is announced as a new version with a reload, not as a broken page.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const newVersion = isChunkLoadError(error);
  return (
    <div className="page-center" role="alert">
      <div className="page-message">
        <h1>{newVersion ? '发现新版本' : '页面加载失败'}</h1>
        <p>{newVersion ? '系统已更新，请刷新页面后继续使用' : '请刷新页面后重试'}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    </div>
  );
}
