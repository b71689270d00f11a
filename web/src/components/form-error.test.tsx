import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { FormError, fieldError } from './form-error';

afterEach(cleanup);

const invalid = (...fields: string[]) =>
  new ApiError(400, 'validation_failed', `Validation failed: ${fields.join('; ')}`, {
    errors: fields.map((field) => ({ field, rule: 'x', message: `${field} is wrong` })),
  });

describe('form errors', () => {
  it('puts a validation error under its field, a nested one under its parent field', () => {
    const error = invalid('cidr', 'credential_type.community.value');
    expect(fieldError(error, 'cidr')).toBe('cidr is wrong');
    expect(fieldError(error, 'credential_type.community')).toBe('credential_type.community.value is wrong');
    expect(fieldError(error, 'credential_type.communityX')).toBeUndefined();
    expect(fieldError(new Error('x'), 'cidr')).toBeUndefined();
  });

  it('shows nothing above the buttons when every error is under a field, and the message otherwise', () => {
    const { container } = render(<FormError error={invalid('cidr')} fields={['cidr']} />);
    expect(container.textContent).toBe('');
    render(<FormError error={invalid('cidr', 'tags.0')} fields={['cidr']} />);
    expect(screen.getByRole('alert').textContent).toContain('tags.0');
  });

  it('puts a uniqueness conflict under its field, and keeps a reasoned conflict in the API’s words', () => {
    const taken = new ApiError(409, 'entity_conflict', 'An entity with these values already exists', { field: 'name' });
    expect(fieldError(taken, 'name')).toBe('This name is already taken.');
    const lastOwner = new ApiError(409, 'entity_conflict', 'The last Owner cannot be demoted', {
      field: 'role',
      reason: 'last_owner',
    });
    expect(fieldError(lastOwner, 'role')).toBe('The last Owner cannot be demoted');
    const { container } = render(<FormError error={taken} fields={['name']} />);
    expect(container.textContent).toBe('');
  });

  it('says when to retry after a 429 and shows other refusals as one alert', () => {
    render(<FormError error={new ApiError(429, 'rate_limit_exceeded', 'slow down', {}, 7)} fields={[]} />);
    expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 7 seconds.');
  });
});
