import { useEffect, useRef } from 'react';

/** Spec §9: the next page loads 300 ms after the list's end comes into view. */
export const SCROLL_LOAD_DELAY_MS = 300;

/**
 * Infinite scroll: returns a ref for a sentinel at the end of a list; when it scrolls into view
 * (and stays 300 ms), `load` runs. Nothing happens while `enabled` is false.
 */
export function useScrollLoad<T extends HTMLElement>(enabled: boolean, load: () => void) {
  const ref = useRef<T>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      clearTimeout(timer);
      if (entries.some((e) => e.isIntersecting)) timer = setTimeout(() => loadRef.current(), SCROLL_LOAD_DELAY_MS);
    });
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled]);
  return ref;
}
