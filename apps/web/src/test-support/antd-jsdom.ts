/**
 * What antd needs of a browser that jsdom lacks, for component tests: matchMedia (responsive
 * helpers) and ResizeObserver (autosized inputs, overflow). Call it before rendering.
 */
export function installAntdJsdomShims() {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
    addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // jsdom lays nothing out, so there is never a size to report.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
