/** Lockouts after repeated failures on one account or share, whatever address they come from. */
export interface BackoffRule {
  /** Failures allowed before the first lockout. */
  freeFailures: number;
  /** The first lockout; each further failure doubles it... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
  /** Failures are forgotten after this long without one. */
  forgetMs: number;
}

/** 5 wrong passwords for one account (or share): locked 1 min, then 2, 4, 8, 15 min at most. */
export const BACKOFF_RULE: BackoffRule = {
  freeFailures: 5,
  baseMs: 60_000,
  maxMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
};

export interface BackoffState {
  failures: number;
  /** Clock time before which attempts are refused (0: none). */
  lockedUntil: number;
  /** When the last failure was. */
  at: number;
}

/** Counts one failure (starting afresh when the last one is older than forgetMs) and sets the lockout. */
export function fail(state: BackoffState | undefined, rule: BackoffRule, now: number): BackoffState {
  const failures = state && now - state.at < rule.forgetMs ? state.failures + 1 : 1;
  const over = failures - rule.freeFailures;
  const lockedUntil = over >= 0 ? now + Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(over, 30)) : 0;
  return { failures, lockedUntil, at: now };
}

/** Whole seconds until an attempt is let through again (0: not locked). */
export const secondsLocked = (lockedUntil: number, now: number): number =>
  lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
