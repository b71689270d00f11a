import { databaseUnavailable, uniqueViolation } from './database-errors';

describe('uniqueViolation', () => {
  it('names the columns of the violated key, leaving out organization_id', () => {
    const error = {
      driverError: {
        code: '23505',
        detail: 'Key (organization_id, email)=(1, a@b.c) already exists.',
        constraint: 'users_email_key',
      },
    };
    expect(uniqueViolation(error)).toEqual({ field: 'email' });
  });

  it('falls back to the constraint name when there is no detail', () => {
    expect(uniqueViolation({ code: '23505', constraint: 'networks_name_key' })).toEqual({ field: 'networks_name_key' });
  });

  it('ignores every other error', () => {
    expect(uniqueViolation({ code: '23503' })).toBeUndefined();
    expect(uniqueViolation(new Error('x'))).toBeUndefined();
    expect(uniqueViolation(null)).toBeUndefined();
  });
});

describe('databaseUnavailable', () => {
  it('knows a database that is down, shutting down, starting or full', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET'])
      expect(databaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(databaseUnavailable({ driverError: { code: '57P01' } })).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {});
    expect(databaseUnavailable(refused)).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(databaseUnavailable({ code: '23505' })).toBe(false);
    expect(databaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
  });
});
