import { describe, expect, it } from 'vitest';
import { nextProgress } from './progress.ts';

describe('nextProgress', () => {
  it('climbs 21 to 25 a step', () => {
    expect(nextProgress(0, false, 0)).toBe(21);
    expect(nextProgress(0, false, 0.999)).toBe(25);
  });
  it('holds at 99 until the server answered, then reaches 100', () => {
    expect(nextProgress(84, false, 0.5)).toBe(99);
    expect(nextProgress(99, false, 0)).toBe(99);
    expect(nextProgress(99, true, 0)).toBe(100);
    expect(nextProgress(80, true, 0.999)).toBe(100);
  });
});
