import { useCallback } from 'react';

/** The CSS variable banners.css offsets the sticky header and sidebar by. */
const HEIGHT_VAR = '--shell-banners-h';

/**
 * A ref for the banner strip container that publishes its height as a CSS variable. The strips
 * stick above the header, so the header and the full-height sidebar must move down by exactly
 * that much, or the sidebar's bottom (the user panel) would be pushed off screen.
 */
export function useBannerHeightRef() {
  return useCallback((el: HTMLDivElement | null) => {
    if (!el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(HEIGHT_VAR, `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VAR);
    };
  }, []);
}
