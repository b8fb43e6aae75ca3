import { ConsoleLayout } from '../../app/layouts/ConsoleLayout.tsx';
import { ADMIN_TOP_MENU } from '../../app/layouts/console-menus.ts';

/** /admin: the super admin's back office. */
export default function AdminLayout() {
  return <ConsoleLayout menus={ADMIN_TOP_MENU} />;
}
