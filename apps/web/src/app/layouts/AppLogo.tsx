import { Link } from 'react-router';
import { useUserInfo } from '../../lib/session.ts';
import { useWebsiteConfig } from '../../lib/website-config.ts';
import { pathTo } from '../paths.ts';

/** The logo links home (spec §2); it comes from the app config, else the organisation's logo. */
export function AppLogo() {
  const { data: config } = useWebsiteConfig();
  const { data: user } = useUserInfo();
  const src = config?.web_logo.value || config?.pc_logo || user?.group_info?.logo || user?.group_info?.pgroup_logo;
  return (
    <Link to={pathTo('home')} className="app-logo">
      {src ? <img src={src} alt="logo" className="app-logo-img" /> : <span className="app-logo-mark" aria-hidden>AI</span>}
      <span className="app-logo-text">学伴 AI</span>
    </Link>
  );
}
