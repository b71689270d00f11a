import { createHash, randomBytes } from 'node:crypto';

/** `nta_` + 43 base64url characters: 256 random bits. */
export const newApiKeySecret = (): string => `nta_${randomBytes(32).toString('base64url')}`;

/** A session id: 256 random bits, base64url. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored, for keys and sessions alike: a database dump reveals no usable secret. */
export const digest = (secret: string): Buffer => createHash('sha256').update(secret).digest();
