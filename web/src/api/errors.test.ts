import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, describeError } from './errors';

const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe('API errors for people', () => {
  it('reads the envelope: code, message, params and Retry-After', () => {
    const error = apiErrorOf(
      { success: false, error: 'Too many requests', code: 'rate_limit_exceeded', params: { limit: 100 } },
      answer(429, { 'retry-after': '17' }),
    );
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', params: { limit: 100 }, retryAfter: 17 });
    expect(describeError(error)).toBe('Too many requests. Try again in 17 seconds.');
  });

  it('puts each validation message under its field', () => {
    const error = apiErrorOf(
      {
        error: 'Validation failed',
        code: 'validation_failed',
        params: { errors: [{ field: 'cidr', rule: 'cidr', message: 'cidr must be a CIDR such as 10.0.0.0/24' }] },
      },
      answer(400),
    );
    expect(error.fieldMessage('cidr')).toBe('cidr must be a CIDR such as 10.0.0.0/24');
    expect(error.fieldMessage('name')).toBeUndefined();
  });

  it('names a body that is not the envelope, and a server out of reach', () => {
    expect(describeError(apiErrorOf('<html>', answer(502)))).toBe('The server answered 502');
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
    expect(describeError(new ApiError(404, 'entity_not_found', 'host not found'))).toBe('host not found');
  });
});
