import { MARKDOWN_LIMITS } from '@xueban/contract/limits';

const { min, max, step } = MARKDOWN_LIMITS.mermaidZoom;

/** Mermaid viewer zoom (spec §4, §9): ×1.2 per step, kept within 0.5 to 3. */
export const zoomIn = (zoom: number) => Math.min(max, zoom * step);
export const zoomOut = (zoom: number) => Math.max(min, zoom / step);
export const canZoomIn = (zoom: number) => zoom < max;
export const canZoomOut = (zoom: number) => zoom > min;
