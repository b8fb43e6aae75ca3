import { ConsoleLayout } from '../../app/layouts/ConsoleLayout.tsx';
import { GROUP_TOP_MENU } from '../../app/layouts/console-menus.ts';

/** /group: a VIP organisation's back office. */
export default function GroupLayout() {
  return <ConsoleLayout menus={GROUP_TOP_MENU} />;
}
