/**
 * The progress popup of a copy or a teacher settle (spec §4, §9): every 500 ms it climbs a random
 * 21 to 25 percent. One rule for both popups (components/ProgressPopup.tsx).
 */
export const PROGRESS_STEP_MS = 500;

/**
 * The next value: +21..25, held at 99 until the server has answered (`done`), then 100.
 * `random` is in [0, 1).
 */
export function nextProgress(current: number, done: boolean, random: number = Math.random()): number {
  const next = current + 21 + Math.floor(random * 5);
  if (next < 100) return next;
  return done ? 100 : 99;
}
