import type { TenantContext } from './tenant-context';

/**
 * Port the auth module implements: turns a session id into a TenantContext, or throws the AppError that
 * explains why not. API keys go through the passport strategy the same module registers.
 */
export interface CredentialResolver {
  fromSession(sessionId: string): Promise<TenantContext>;
}

export const CREDENTIAL_RESOLVER = Symbol('CREDENTIAL_RESOLVER');
