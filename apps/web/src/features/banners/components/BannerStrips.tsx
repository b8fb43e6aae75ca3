import { useState } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import type { GroupInfo } from '@xueban/contract/uc';
import { useWebsiteConfig } from '../../../lib/website-config.ts';
import type { Banner } from '@xueban/contract/platform';
import { bannerTarget, salesContact } from '../lib/links.ts';

interface Props {
  status: 'trial' | 'expired' | null;
  group: GroupInfo;
  tops: Banner[];
  onCloseTop: (id: number) => void;
}

/** The slim strips above the header: the organisation's service state, then the `top` banners. */
export default function BannerStrips({ status, group, tops, onCloseTop }: Props) {
  // The trial strip can be put away for this page load; the expired notice stays.
  const [trialClosed, setTrialClosed] = useState(false);
  return (
    <>
      {status === 'trial' && !trialClosed && (
        <Alert
          banner
          type="info"
          className="shell-banner"
          title={
            group.vip_end_time_str
              ? <>当前组织正在试用{group.vip_name ? `（${group.vip_name}）` : ''}，试用期至 <strong>{group.vip_end_time_str}</strong></>
              : '当前组织正在试用'
          }
          closable={{ onClose: () => setTrialClosed(true), 'aria-label': '关闭' }}
        />
      )}
      {status === 'expired' && (
        <Alert banner type="warning" className="shell-banner" title={<ExpiredNotice />} />
      )}
      {tops.map((b) => (
        <Alert
          key={b.id}
          banner
          type="info"
          showIcon={false}
          className="shell-banner shell-banner-top"
          title={<>{b.title}<BannerLink link={b.link} /></>}
          closable={{ onClose: () => onCloseTop(b.id), 'aria-label': '关闭' }}
        />
      ))}
    </>
  );
}

/** Spec §2: the expired-service notice with a 'contact sales' link from the website config. */
function ExpiredNotice() {
  const { data: config } = useWebsiteConfig();
  const contact = salesContact(config?.sales_contact.value);
  return (
    <span>
      当前组织的服务已到期，部分功能将无法使用，续费请
      {contact?.isPage ? (
        <a className="shell-banner-link" href={contact.href!} target="_blank" rel="noopener noreferrer">联系销售</a>
      ) : contact ? (
        <span className="shell-banner-link">
          联系销售：{contact.href ? <a href={contact.href}>{contact.text}</a> : contact.text}
        </span>
      ) : (
        <span className="shell-banner-link">联系销售</span>
      )}
    </span>
  );
}

function BannerLink({ link }: { link: string }) {
  const target = bannerTarget(link);
  if (!target) return null;
  return target.kind === 'internal' ? (
    <Link className="shell-banner-link" to={target.path}>查看详情</Link>
  ) : (
    <a className="shell-banner-link" href={target.href} target="_blank" rel="noopener noreferrer">查看详情</a>
  );
}
