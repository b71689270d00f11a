import { secondsUntilFull, secondsUntilToken, take } from './token-bucket';

const rule = { capacity: 150, refillPerMs: 5 / 1000 };

describe('token bucket', () => {
  it('starts full and takes one token per request', () => {
    let { result, bucket } = take(undefined, rule, 0);
    expect(result).toEqual({ allowed: true, tokens: 149 });
    for (let i = 0; i < 149; i++) ({ result, bucket } = take(bucket, rule, 0));
    expect(result).toEqual({ allowed: true, tokens: 0 });
    ({ result, bucket } = take(bucket, rule, 0));
    expect(result).toEqual({ allowed: false, tokens: 0 });
  });

  it('refills 5 tokens a second, never above capacity', () => {
    const empty = { tokens: 0, at: 0 };
    expect(take(empty, rule, 1000).result).toEqual({ allowed: true, tokens: 4 });
    expect(take(empty, rule, 100).result).toEqual({ allowed: false, tokens: 0.5 });
    expect(take(empty, rule, 3_600_000).result).toEqual({ allowed: true, tokens: 149 });
  });

  it('tells how long until full and until the next token', () => {
    expect(secondsUntilFull(149, rule)).toBe(1);
    expect(secondsUntilFull(0, rule)).toBe(30);
    expect(secondsUntilToken(0, rule)).toBe(1);
    expect(secondsUntilToken(0.5, rule)).toBe(1);
    expect(secondsUntilToken(0, { capacity: 10, refillPerMs: 10 / 60_000 })).toBe(6);
  });
});
