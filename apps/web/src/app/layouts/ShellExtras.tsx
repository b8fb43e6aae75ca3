/**
 * What every layout mounts besides the page: banners, dialogs opened by links (invites),
 * the feedback entrance, the new-version notice. Each feature owns its own component.
 */
export function ShellExtras() {
  return null;
}
