/** Every error code the API answers with (contract: "Envelope and errors"). */
export type ErrorCode =
  | 'validation_failed'
  | 'validation_out_of_range'
  | 'webhook_url_not_allowed'
  | 'auth_not_authenticated'
  | 'auth_invalid_credentials'
  | 'auth_session_required'
  | 'share_password_required'
  | 'share_password_incorrect'
  | 'share_token_invalid'
  | 'plan_api_access_required'
  | 'plan_limit_reached'
  | 'auth_permission_denied'
  | 'entity_disabled'
  | 'entity_expired'
  | 'share_domain_not_allowed'
  | 'entity_not_found'
  | 'route_not_found'
  | 'entity_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limit_exceeded'
  | 'service_unavailable'
  | 'internal_error';

/** Exhaustive: a new code that nobody maps fails to compile. */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'validation_failed':
    case 'validation_out_of_range':
    case 'webhook_url_not_allowed':
      return 400;
    case 'auth_not_authenticated':
    case 'auth_invalid_credentials':
    case 'auth_session_required':
    case 'share_password_required':
    case 'share_password_incorrect':
    case 'share_token_invalid':
      return 401;
    case 'plan_api_access_required':
    case 'plan_limit_reached':
      return 402;
    case 'auth_permission_denied':
    case 'entity_disabled':
    case 'entity_expired':
    case 'share_domain_not_allowed':
      return 403;
    case 'entity_not_found':
    case 'route_not_found':
      return 404;
    case 'entity_conflict':
      return 409;
    case 'payload_too_large':
      return 413;
    case 'unsupported_media_type':
      return 415;
    case 'rate_limit_exceeded':
      return 429;
    case 'internal_error':
      return 500;
    case 'service_unavailable':
      return 503;
  }
}
