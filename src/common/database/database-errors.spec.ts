import { uniqueViolation } from './database-errors';

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
