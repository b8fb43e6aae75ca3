import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following it as the window changes size (spec §9
 * breakpoints: xs 340, sm 640, md 768, lg 1024, xl 1280). Pages use it where narrow and wide
 * screens need different components, not just different CSS (a drawer instead of a column).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
