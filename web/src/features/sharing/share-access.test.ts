import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { needsPassword, storedToken, storeToken, unavailableReason } from './share-access';

describe('share access', () => {
  it('keeps a token per share for the tab and forgets it', () => {
    storeToken('a', 'token-a');
    expect(storedToken('a')).toBe('token-a');
    expect(storedToken('b')).toBeNull();
    storeToken('a', null);
    expect(storedToken('a')).toBeNull();
  });

  it('names why a share cannot be shown, and only for those answers', () => {
    expect(unavailableReason(new ApiError(404, 'entity_not_found', 'x'))?.title).toBe('Share not found');
    expect(unavailableReason(new ApiError(400, 'validation_failed', 'x'))?.title).toBe('Share not found');
    expect(unavailableReason(new ApiError(403, 'entity_disabled', 'x'))?.title).toBe('Share turned off');
    expect(unavailableReason(new ApiError(403, 'entity_expired', 'x'))?.title).toBe('Share expired');
    expect(unavailableReason(new ApiError(403, 'share_domain_not_allowed', 'x'))?.title).toBe('Not available here');
    expect(unavailableReason(new ApiError(429, 'rate_limit_exceeded', 'x'))).toBeUndefined();
    expect(unavailableReason(new TypeError('offline'))).toBeUndefined();
  });

  it('asks for the password again when the token is missing or no longer valid', () => {
    expect(needsPassword(new ApiError(401, 'share_token_invalid', 'x'))).toBe(true);
    expect(needsPassword(new ApiError(401, 'share_password_required', 'x'))).toBe(true);
    expect(needsPassword(new ApiError(401, 'share_password_incorrect', 'x'))).toBe(false);
  });
});
