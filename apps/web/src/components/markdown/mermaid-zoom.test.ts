import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './mermaid-zoom.ts';

/** Every zoom the buttons reach from 100 %, pressing one button until it is disabled. */
function pressUntilDisabled(step: (z: number) => number, can: (z: number) => boolean): number[] {
  const seen = [1];
  while (can(seen.at(-1)!)) seen.push(step(seen.at(-1)!));
  return seen;
}

describe('mermaid viewer zoom (spec §4, §9: 0.5 to 3, step 1.2)', () => {
  it('zooms in by ×1.2 and stops at exactly 3', () => {
    const stops = pressUntilDisabled(zoomIn, canZoomIn);
    expect(stops.map((z) => Math.round(z * 100))).toEqual([100, 120, 144, 173, 207, 249, 299, 300]);
    expect(canZoomIn(3)).toBe(false);
  });

  it('zooms out by ÷1.2 and stops at exactly 0.5', () => {
    const stops = pressUntilDisabled(zoomOut, canZoomOut);
    expect(stops.map((z) => Math.round(z * 100))).toEqual([100, 83, 69, 58, 50]);
    expect(canZoomOut(0.5)).toBe(false);
  });

  it('can always come back the other way from either end', () => {
    expect(zoomOut(3)).toBeCloseTo(2.5);
    expect(zoomIn(0.5)).toBeCloseTo(0.6);
  });
});
