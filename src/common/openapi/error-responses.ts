import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { type ErrorCode, statusOf } from '../errors/error-codes';
import { ErrorResponse } from './envelope.response';

/** Every code, so that each documented status lists the codes the contract's table gives it. */
const ALL_CODES: readonly ErrorCode[] = [
  'validation_failed',
  'validation_out_of_range',
  'webhook_url_not_allowed',
  'auth_not_authenticated',
  'auth_invalid_credentials',
  'auth_session_required',
  'share_password_required',
  'share_password_incorrect',
  'share_token_invalid',
  'plan_api_access_required',
  'plan_limit_reached',
  'auth_permission_denied',
  'entity_disabled',
  'entity_expired',
  'share_domain_not_allowed',
  'entity_not_found',
  'route_not_found',
  'entity_conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limit_exceeded',
  'service_unavailable',
  'internal_error',
];

type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;

export type Access = 'public' | 'authenticated' | 'session';

const codesOf = (status: number): ErrorCode[] => ALL_CODES.filter((code) => statusOf(code) === status);

function unauthorizedCodes(access: Access): ErrorCode[] {
  if (access === 'public') return codesOf(401).filter((code) => code !== 'auth_session_required');
  return access === 'session' ? ['auth_not_authenticated', 'auth_session_required'] : ['auth_not_authenticated'];
}

/** The error statuses an operation can answer, from how it is reached and what it takes. */
function errorCodes(method: string, operation: OperationObject, access: Access): Map<number, ErrorCode[]> {
  const takesBody = method === 'post' || method === 'put';
  const hasInput = takesBody || (operation.parameters?.length ?? 0) > 0;
  const codes = new Map<number, ErrorCode[]>();
  if (hasInput) codes.set(400, codesOf(400));
  if (access !== 'public' || hasInput) {
    codes.set(401, unauthorizedCodes(access));
    codes.set(403, codesOf(403));
  }
  if (access !== 'public') codes.set(402, codesOf(402));
  if (hasInput) codes.set(404, codesOf(404));
  if (method !== 'get') codes.set(409, codesOf(409));
  if (takesBody) {
    codes.set(413, codesOf(413));
    codes.set(415, codesOf(415));
  }
  codes.set(429, codesOf(429));
  codes.set(500, codesOf(500));
  if (operation.responses[503]) codes.set(503, codesOf(503));
  return codes;
}

/** Documents the error envelope, with its possible codes, on every error status the operation can answer. */
export function addErrorResponses(method: string, operation: OperationObject, access: Access): void {
  const responses = operation.responses;
  for (const [status, codes] of errorCodes(method, operation, access)) {
    const existing = responses[status] as { description?: string } | undefined;
    responses[status] = {
      description: existing?.description || codes.join(', '),
      content: { 'application/json': { schema: errorSchema(codes) } },
    };
  }
}

function errorSchema(codes: ErrorCode[]) {
  return {
    allOf: [
      { $ref: getSchemaPath(ErrorResponse) },
      { type: 'object', properties: { code: { type: 'string', enum: codes } } },
    ],
  };
}
