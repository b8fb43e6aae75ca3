import { lazy, Suspense, useEffect, useState } from 'react';
import type { UserInfo } from '@xueban/contract/uc';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { useCurrentBanners } from '../api/get-current-banners.ts';
import { useBannerHeightRef } from '../hooks/use-banner-height.ts';
import { groupStatus } from '../lib/group-status.ts';
import { readIds, rememberId } from '../lib/remembered-ids.ts';
import './banners.css';

// Alert and Modal load only for someone who has a banner to see.
const BannerStrips = lazy(() => loadChunk(() => import('./BannerStrips.tsx')));
const UpgradeTipDialog = lazy(() => loadChunk(() => import('./UpgradeTipDialog.tsx')));

/**
 * The banners of spec §2 for the logged-in user: the trial / expired strip, the `top` banners
 * (each dismissible, remembered) and the upgrade tip (each id shown once, spec §9).
 */
export function ShellBanners({ user }: { user: UserInfo | null }) {
  if (!user?.group_info) return null;
  // Keyed by user and organisation: what was seen or dismissed is read again after a switch.
  return <UserBanners key={`${user.uid}:${user.group_info.group_id}`} user={user} />;
}

function UserBanners({ user }: { user: UserInfo }) {
  const group = user.group_info!;
  const { data } = useCurrentBanners(group.group_id);
  // Ids seen before this page load; a tip shown now stays up until closed, even though it is
  // recorded as seen the moment it shows (a reload must not show it again).
  const [seenBefore] = useState(() => readIds('upgrade-tip-seen', user.uid));
  const [closedTips, setClosedTips] = useState<number[]>([]);
  const [closedTops, setClosedTops] = useState(() => readIds('top-banner-closed', user.uid));
  const [ignored, setIgnored] = useState(group.ignoreVipUpgrade);

  const tip = ignored ? undefined : data?.upgrade_tip.find((b) => !seenBefore.has(b.id) && !closedTips.includes(b.id));
  const tops = (data?.top ?? []).filter((b) => !closedTops.has(b.id));
  const status = groupStatus(group);
  const bannerRef = useBannerHeightRef();

  useEffect(() => {
    if (tip) rememberId('upgrade-tip-seen', user.uid, tip.id);
  }, [tip, user.uid]);

  const closeTop = (id: number) => {
    rememberId('top-banner-closed', user.uid, id);
    setClosedTops((s) => new Set(s).add(id));
  };

  return (
    <Suspense fallback={null}>
      {(status || tops.length > 0) && (
        <div className="shell-banners" ref={bannerRef}>
          <BannerStrips status={status} group={group} tops={tops} onCloseTop={closeTop} />
        </div>
      )}
      {tip && (
        <UpgradeTipDialog
          key={tip.id}
          tip={tip}
          onClose={() => setClosedTips((ids) => [...ids, tip.id])}
          onIgnored={() => setIgnored(true)}
        />
      )}
    </Suspense>
  );
}
