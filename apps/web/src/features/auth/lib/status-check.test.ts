import { describe, expect, it } from 'vitest';
import { createRecheckLock, sessionStillValid } from './status-check.ts';

describe('status check (spec §4)', () => {
  it('ends the session for a disabled user, or a lost group when the user has one', () => {
    expect(sessionStillValid({ user_status: true, group_status: true }, true)).toBe(true);
    expect(sessionStillValid({ user_status: false, group_status: true }, true)).toBe(false);
    expect(sessionStillValid({ user_status: true, group_status: false }, true)).toBe(false);
    expect(sessionStillValid({ user_status: true, group_status: false }, false)).toBe(true);
  });

  it('checks at most once per 3 s window', () => {
    let t = 0;
    const allow = createRecheckLock(3000, () => t);
    expect(allow()).toBe(true);
    t = 2999;
    expect(allow()).toBe(false);
    t = 3000;
    expect(allow()).toBe(true);
  });
});
