import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { FieldError } from '../../../common/errors/app-error';

/** What responses show in place of an inline secret; sent back in a PUT it keeps the stored secret. */
export const REDACTED = '********';

export type Secret = { mode: 'Inline'; value: string } | { mode: 'FilePath'; path: string };
/** A secret as stored: inline values sealed (AES-256-GCM, with the id of the key). */
export type StoredSecret = { mode: 'Inline'; sealed: string } | { mode: 'FilePath'; path: string };

export const SECURITY_LEVELS = ['noAuthNoPriv', 'authNoPriv', 'authPriv'] as const;
export const AUTH_PROTOCOLS = ['Md5', 'Sha1', 'Sha224', 'Sha256', 'Sha384', 'Sha512'] as const;
export const PRIV_PROTOCOLS = ['Des', 'Aes128', 'Aes192', 'Aes256'] as const;

export type CredentialType<S> =
  | { type: 'SnmpV1' | 'SnmpV2c'; community: S }
  | {
      type: 'SnmpV3';
      security_name: string;
      security_level: (typeof SECURITY_LEVELS)[number];
      auth_protocol: string | null;
      auth_password: S | null;
      priv_protocol: string | null;
      priv_password: S | null;
      context_name: string | null;
    };

type Input = Record<string, unknown>;
const isObject = (v: unknown): v is Input => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads credential_type from a request: the variant's required fields per type and security level, and
 * each secret either {mode: Inline, value} or {mode: FilePath, path} with the path inside fileRoot.
 * Field errors name the field (never the secret).
 */
export function parseCredentialType(
  input: unknown,
  fileRoot: string,
): { value?: CredentialType<Secret>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fail = (field: string, rule: string, message: string) =>
    errors.push({ field: `credential_type.${field}`, rule, message });
  if (!isObject(input))
    return { errors: [{ field: 'credential_type', rule: 'isObject', message: 'credential_type must be an object' }] };

  const secret = (field: string, required: boolean): Secret | null => {
    const raw = input[field];
    if (raw === undefined || raw === null) {
      if (required) fail(field, 'required', `${field} is required`);
      return null;
    }
    if (!isObject(raw)) return (fail(field, 'isObject', `${field} must be {mode, value} or {mode, path}`), null);
    const allowed = ['mode', raw.mode === 'FilePath' ? 'path' : 'value'];
    const extra = Object.keys(raw).find((key) => !allowed.includes(key));
    if (extra)
      return (fail(`${field}.${extra}`, 'whitelistValidation', `${field} takes only ${allowed.join(' and ')}`), null);
    if (raw.mode === 'Inline') {
      if (typeof raw.value !== 'string' || raw.value.length === 0 || raw.value.length > 1024) {
        return (fail(`${field}.value`, 'length', `${field}.value must be a string of 1 to 1024 characters`), null);
      }
      return { mode: 'Inline', value: raw.value };
    }
    if (raw.mode === 'FilePath') {
      if (typeof raw.path !== 'string' || !insideRoot(fileRoot, raw.path)) {
        return (
          fail(`${field}.path`, 'inside_root', `${field}.path must be a file under the credential file root`),
          null
        );
      }
      return { mode: 'FilePath', path: resolve(fileRoot, raw.path) };
    }
    return (fail(`${field}.mode`, 'isIn', `${field}.mode must be Inline or FilePath`), null);
  };
  const text = (field: string, required: boolean, allowed?: readonly string[]): string | null => {
    const raw = input[field];
    if (raw === undefined || raw === null) {
      if (required) fail(field, 'required', `${field} is required`);
      return null;
    }
    if (typeof raw !== 'string' || raw.length > 255)
      return (fail(field, 'isString', `${field} must be a string of at most 255 characters`), null);
    if (allowed && !allowed.includes(raw))
      return (fail(field, 'isIn', `${field} must be one of ${allowed.join(', ')}`), null);
    return raw;
  };
  const known = (fields: string[]) => {
    for (const key of Object.keys(input))
      if (!fields.includes(key)) fail(key, 'whitelistValidation', `${key} is not a field of ${String(input.type)}`);
  };

  if (input.type === 'SnmpV1' || input.type === 'SnmpV2c') {
    known(['type', 'community']);
    const community = secret('community', true);
    return { value: community ? { type: input.type, community } : undefined, errors };
  }
  if (input.type === 'SnmpV3') {
    known([
      'type',
      'security_name',
      'security_level',
      'auth_protocol',
      'auth_password',
      'priv_protocol',
      'priv_password',
      'context_name',
    ]);
    const level = text('security_level', true, SECURITY_LEVELS) as (typeof SECURITY_LEVELS)[number];
    const auth = level === 'authNoPriv' || level === 'authPriv';
    const priv = level === 'authPriv';
    // Only a known level says which fields have no use.
    const unused = SECURITY_LEVELS.includes(level)
      ? [...(auth ? [] : ['auth_protocol', 'auth_password']), ...(priv ? [] : ['priv_protocol', 'priv_password'])]
      : [];
    for (const field of unused.filter((f) => input[f] !== undefined && input[f] !== null)) {
      fail(field, 'security_level', `${field} has no use at security level ${String(level)}`);
    }
    const value = {
      type: 'SnmpV3' as const,
      security_name: text('security_name', true) ?? '',
      security_level: level,
      auth_protocol: text('auth_protocol', auth, AUTH_PROTOCOLS),
      auth_password: secret('auth_password', auth),
      priv_protocol: text('priv_protocol', priv, PRIV_PROTOCOLS),
      priv_password: secret('priv_password', priv),
      context_name: text('context_name', false),
    };
    return { value: errors.length === 0 ? value : undefined, errors };
  }
  return {
    errors: [
      {
        field: 'credential_type.type',
        rule: 'isIn',
        message: 'credential_type.type must be SnmpV1, SnmpV2c or SnmpV3',
      },
    ],
  };
}

/** A path that stays inside root once resolved (no `..` escape, no absolute path elsewhere). */
export function insideRoot(root: string, path: string): boolean {
  if (path.length === 0 || path.length > 4096 || path.includes('\0')) return false;
  const within = (base: string, target: string) => {
    const rel = relative(base, target);
    return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  };
  const target = resolve(root, path);
  if (!within(resolve(root), target)) return false;
  // A symlink inside the root must not lead out of it.
  return !existsSync(target) || !existsSync(root) || within(realpathSync(root), realpathSync(target));
}
