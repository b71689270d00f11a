import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';
import type { Role } from './tenant-context';

export const ACCESS_KEY = 'netatlas:access';

/** How a route may be reached. A route without one is refused by the guard: nothing is open by accident. */
export type AccessRule =
  { kind: 'public' } | { kind: 'metrics' } | { kind: 'authenticated'; role: Role; sessionOnly: boolean };

/** Open to anyone, without credentials. */
export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/** The metrics scraper: served only as METRICS_TOKEN and METRICS_PORT say (src/common/metrics/metrics-access.ts). */
export const MetricsAccess = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_KEY, { kind: 'metrics' } satisfies AccessRule);

/** Needs a session or an API key with at least `role`. */
export const Access = (role: Role): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'authenticated', role, sessionOnly: false } satisfies AccessRule),
    ApiBearerAuth('api_key'),
    ApiCookieAuth('session'),
  );

/** Needs a session cookie (an API key gets 401 auth_session_required) with at least `role`. */
export const SessionAccess = (role: Role): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, { kind: 'authenticated', role, sessionOnly: true } satisfies AccessRule),
    ApiCookieAuth('session'),
  );
