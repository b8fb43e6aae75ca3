import { useEffect } from 'react';
import { Button } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { BUILD_ID } from '../lib/build-id.ts';
import { FOCUS_CHECK_MIN_GAP_MS, VERSION_POLL_MS, fetchDeployedVersion, isNewVersion } from '../lib/check-version.ts';
import { useVersionStore } from '../lib/version-store.ts';
import { isChunkLoadError } from '../../../lib/load-chunk.ts';
import './version.css';

/** Polls dist/version.json every few minutes and on focus; stops once a new release is seen. */
function useVersionPolling() {
  const markOutdated = useVersionStore((s) => s.markOutdated);
  useEffect(() => {
    // The dev server has no version.json (it would answer index.html): nothing to compare.
    if (import.meta.env.DEV) return;
    let lastCheck = 0;
    let stopped = false;
    const check = async () => {
      if (stopped) return;
      lastCheck = Date.now();
      const deployed = await fetchDeployedVersion();
      if (!stopped && isNewVersion(deployed, BUILD_ID)) {
        stopped = true;
        markOutdated(deployed!);
      }
    };
    const onFocus = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= FOCUS_CHECK_MIN_GAP_MS) void check();
    };
    // Vite reports a failed preload of a lazy chunk's dependencies: the old files are gone.
    // Other import failures (a library's unresolvable optional import) are not a new release.
    const onPreloadError = (e: Event) => {
      if (isChunkLoadError((e as Event & { payload?: unknown }).payload)) markOutdated('chunk');
    };
    const timer = setInterval(() => void check(), VERSION_POLL_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, [markOutdated]);
}

/**
 * The new-version notice: when the deployed build differs from this tab's, offer a reload
 * (稍后 hides it for that release). Reloading is left to the user, who may be mid-sentence.
 */
export function VersionNotice() {
  useVersionPolling();
  const outdatedBy = useVersionStore((s) => s.outdatedBy);
  const dismissed = useVersionStore((s) => s.dismissed);
  const dismiss = useVersionStore((s) => s.dismiss);
  if (!outdatedBy || dismissed === outdatedBy) return null;
  return (
    <div className="version-notice" role="alert" aria-label="发现新版本">
      <CloudSyncOutlined className="version-notice-icon" aria-hidden />
      <div className="version-notice-text">
        <strong>发现新版本</strong>
        <span>系统已更新，刷新页面即可使用最新版本。</span>
      </div>
      <div className="version-notice-actions">
        <Button size="small" onClick={dismiss}>稍后</Button>
        <Button size="small" type="primary" onClick={() => window.location.reload()}>刷新页面</Button>
      </div>
    </div>
  );
}
