import { Button, Modal } from 'antd';
import { useNavigate } from 'react-router';
import { useIgnoreVipUpgrade } from '../api/ignore-vip-upgrade.ts';
import type { Banner } from '@xueban/contract/platform';
import { bannerTarget, ownImage } from '../lib/links.ts';

interface Props {
  tip: Banner;
  onClose: () => void;
  /** 不再提示 succeeded: no upgrade tip shows again for this member. */
  onIgnored: () => void;
}

/** The upgrade tip (spec §2): its picture and title, 不再提示, and its link when it has one. */
export default function UpgradeTipDialog({ tip, onClose, onIgnored }: Props) {
  const navigate = useNavigate();
  const ignore = useIgnoreVipUpgrade();
  const image = ownImage(tip.big_img_url);
  const target = bannerTarget(tip.link);
  const title = tip.title || '升级提示';

  const follow = () => {
    onClose();
    if (target?.kind === 'internal') void navigate(target.path);
    if (target?.kind === 'external') window.open(target.href, '_blank', 'noopener,noreferrer');
  };

  return (
    <Modal
      open
      centered
      width={image ? 560 : 420}
      title={title}
      onCancel={onClose}
      className="upgrade-tip"
      footer={
        <div className="upgrade-tip-actions">
          <Button
            type="text"
            loading={ignore.isPending}
            onClick={() => ignore.mutate(undefined, { onSuccess: () => { onIgnored(); onClose(); } })}
          >
            不再提示
          </Button>
          <span className="upgrade-tip-spacer" />
          <Button onClick={onClose}>我知道了</Button>
          {target && <Button type="primary" onClick={follow}>查看详情</Button>}
        </div>
      }
    >
      {image ? <img className="upgrade-tip-image" src={image} alt={title} /> : <p>升级服务版本，解锁更多功能。</p>}
    </Modal>
  );
}
