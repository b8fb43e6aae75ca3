import { ROBOT_ROLE } from '@xueban/contract/constants/robots';
import { ROUTES, type RouteName } from '../../../app/paths.ts';

/** A management role on one robot, as getRobotDesignInfo's `manage_role` says it. */
export type ManageRole = typeof ROBOT_ROLE.CREATOR | typeof ROBOT_ROLE.COOPERATOR | typeof ROBOT_ROLE.TEACHER;

const ALL = [ROBOT_ROLE.CREATOR, ROBOT_ROLE.COOPERATOR, ROBOT_ROLE.TEACHER] as const;
const EDITORS = [ROBOT_ROLE.CREATOR, ROBOT_ROLE.COOPERATOR] as const;
const OWNER = [ROBOT_ROLE.CREATOR] as const;

/**
 * Who sees each tab of /robot/manage/{robotId} and /creator/robot/{rid} (spec §2, §4): the creator
 * sees every tab; design, data and release are also the cooperator's (it designs, reads data and
 * releases); member and settings are the creator's alone. A teacher reads data (and AI marking).
 * This is what the server lets each level do (docs/decisions.md, "Management levels").
 */
const WHO: Record<string, readonly ManageRole[]> = {
  design: EDITORS,
  stats: ALL,
  release: EDITORS,
  member: OWNER,
  setting: OWNER,
  library: EDITORS,
  setup: EDITORS,
  mark: [ROBOT_ROLE.CREATOR, ROBOT_ROLE.TEACHER],
  // Issue 25: keys speak for the robot to the outside; only its creator issues and revokes them.
  api: OWNER,
};

const isManageRole = (role: string | undefined): role is ManageRole => (ALL as readonly string[]).includes(role ?? '');

/** A tabbed route's tab keys, in its order. */
export const tabsOf = (name: RouteName): string[] => (ROUTES[name].tabs ?? []).map(([key]) => key);

/** The page's tabs that `role` may see, in the page's order. */
export function permittedTabs(tabs: readonly string[], role: string | undefined): string[] {
  if (!isManageRole(role)) return [];
  return tabs.filter((tab) => (WHO[tab] ?? OWNER).includes(role));
}

export type TabDecision =
  | { kind: 'no-permission' }
  | { kind: 'show'; tab: string; tabs: string[] }
  | { kind: 'redirect'; tab: string };

/**
 * What the page does for `requested` (the URL's tab): no role among creator, cooperator and
 * teacher → /no-permission; a tab of the page that the role may not see → its first permitted tab
 * (spec §4); no tab or an unknown one shows the first permitted tab.
 */
export function decideTab(tabs: readonly string[], role: string | undefined, requested: string | undefined): TabDecision {
  const mine = permittedTabs(tabs, role);
  const first = mine[0];
  if (first === undefined) return { kind: 'no-permission' };
  if (requested && mine.includes(requested)) return { kind: 'show', tab: requested, tabs: mine };
  if (requested && tabs.includes(requested)) return { kind: 'redirect', tab: first };
  return { kind: 'show', tab: first, tabs: mine };
}
