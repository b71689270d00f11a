import { BACKOFF_RULE, fail, secondsLocked } from './backoff';

describe('backoff', () => {
  it('locks from the fifth failure, doubling from 1 minute up to 15', () => {
    let state = undefined;
    const locks = [];
    for (let i = 0; i < 10; i++) {
      state = fail(state, BACKOFF_RULE, 0);
      locks.push(state.lockedUntil / 60_000);
    }
    expect(locks).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 15, 15]);
  });

  it('forgets failures an hour after the last one', () => {
    const state = fail({ failures: 9, lockedUntil: 0, at: 0 }, BACKOFF_RULE, 3_600_000);
    expect(state).toEqual({ failures: 1, lockedUntil: 0, at: 3_600_000 });
  });

  it('tells whole seconds left', () => {
    expect(secondsLocked(60_000, 0)).toBe(60);
    expect(secondsLocked(1_500, 1_000)).toBe(1);
    expect(secondsLocked(1_000, 1_000)).toBe(0);
  });
});
