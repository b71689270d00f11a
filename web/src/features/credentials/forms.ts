import type { Credential, CredentialBody, SecretResponse } from './api';

export type CredentialKind = 'SnmpV1' | 'SnmpV2c' | 'SnmpV3';
export type SecurityLevel = 'noAuthNoPriv' | 'authNoPriv' | 'authPriv';
export const AUTH_PROTOCOLS = ['Md5', 'Sha1', 'Sha224', 'Sha256', 'Sha384', 'Sha512'] as const;
export const PRIV_PROTOCOLS = ['Des', 'Aes128', 'Aes192', 'Aes256'] as const;
export const KIND_LABELS: Record<CredentialKind, string> = {
  SnmpV1: 'SNMP v1 (community)',
  SnmpV2c: 'SNMP v2c (community)',
  SnmpV3: 'SNMP v3 (user)',
};

/** A secret as the form holds it: typed (never shown back), or a file path under CREDENTIAL_FILE_ROOT. */
export interface SecretInput {
  mode: 'Inline' | 'FilePath';
  value: string;
}

export interface CredentialForm {
  name: string;
  description: string;
  kind: CredentialKind;
  community: SecretInput;
  securityName: string;
  securityLevel: SecurityLevel;
  authProtocol: string;
  authPassword: SecretInput;
  privProtocol: string;
  privPassword: SecretInput;
  contextName: string;
  networkIds: string[];
  /** host id -> its ip_address_ids (null: every address), kept as the API gave them. */
  hosts: Record<string, string[] | null>;
  tags: string[];
}

const emptySecret = (): SecretInput => ({ mode: 'Inline', value: '' });

/**
 * The form for a new credential or an existing one. Secret inputs always start empty: the API returns
 * no secret, and an empty input on save keeps the stored one.
 */
export function credentialFormOf(credential?: Credential): CredentialForm {
  const type = credential?.credential_type;
  const v3 = type?.type === 'SnmpV3' ? type : undefined;
  const secretMode = (secret: SecretResponse | null | undefined): SecretInput => ({
    mode: secret?.mode ?? 'Inline',
    value: '',
  });
  return {
    name: credential?.name ?? '',
    description: credential?.description ?? '',
    kind: type?.type ?? 'SnmpV2c',
    community: type && type.type !== 'SnmpV3' ? secretMode(type.community) : emptySecret(),
    securityName: v3?.security_name ?? '',
    securityLevel: v3?.security_level ?? 'authPriv',
    authProtocol: v3?.auth_protocol ?? 'Sha256',
    authPassword: secretMode(v3?.auth_password),
    privProtocol: v3?.priv_protocol ?? 'Aes128',
    privPassword: secretMode(v3?.priv_password),
    contextName: v3?.context_name ?? '',
    networkIds: credential?.assigned_network_ids ?? [],
    hosts: Object.fromEntries((credential?.host_assignments ?? []).map((h) => [h.host_id, h.ip_address_ids])),
    tags: credential?.tags ?? [],
  };
}

type SecretBody = { mode: 'Inline'; value: string } | { mode: 'FilePath'; path: string };

/**
 * What a secret input sends: a typed value replaces the secret; an empty one keeps the stored secret
 * (the "********" marker for an inline one, its path for a file), or, with nothing stored, is sent empty
 * so the API names the missing field.
 */
export function secretBodyOf(input: SecretInput, stored: SecretResponse | null | undefined): SecretBody {
  const typed = input.value.trim() === '' ? '' : input.value;
  if (typed !== '')
    return input.mode === 'Inline' ? { mode: 'Inline', value: typed } : { mode: 'FilePath', path: typed };
  if (stored?.mode === 'FilePath' && stored.path) return { mode: 'FilePath', path: stored.path };
  if (stored?.mode === 'Inline') return { mode: 'Inline', value: '********' };
  return input.mode === 'Inline' ? { mode: 'Inline', value: '' } : { mode: 'FilePath', path: '' };
}

/** Stored secrets apply only while the credential keeps its type (else the API refuses the marker). */
function storedSecrets(kind: CredentialKind, existing?: Credential) {
  const type = existing?.credential_type;
  if (!type || type.type !== kind) return {};
  if (type.type === 'SnmpV3') return { auth: type.auth_password, priv: type.priv_password };
  return { community: type.community };
}

/** The PUT/POST body: every field, as the API's update body wants. */
export function credentialBodyOf(form: CredentialForm, organizationId: string, existing?: Credential): CredentialBody {
  const stored = storedSecrets(form.kind, existing);
  const credentialType =
    form.kind === 'SnmpV3'
      ? {
          type: form.kind,
          security_name: form.securityName.trim(),
          security_level: form.securityLevel,
          ...(form.securityLevel !== 'noAuthNoPriv' && {
            auth_protocol: form.authProtocol,
            auth_password: secretBodyOf(form.authPassword, stored.auth),
          }),
          ...(form.securityLevel === 'authPriv' && {
            priv_protocol: form.privProtocol,
            priv_password: secretBodyOf(form.privPassword, stored.priv),
          }),
          ...(form.contextName.trim() && { context_name: form.contextName.trim() }),
        }
      : { type: form.kind, community: secretBodyOf(form.community, stored.community) };
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    organization_id: organizationId,
    // The OpenAPI document describes the tagged union only in words, so its type is an empty object.
    credential_type: credentialType as unknown as CredentialBody['credential_type'],
    assigned_network_ids: form.networkIds,
    host_assignments: Object.entries(form.hosts).map(([host_id, ip_address_ids]) => ({ host_id, ip_address_ids })),
    tags: form.tags,
  };
}

/** A one-line summary of a credential's type for the list: "SNMP v3 · authPriv · Sha256/Aes128". */
export function describeType(credential: Credential): string {
  const type = credential.credential_type;
  if (type.type !== 'SnmpV3') return type.type === 'SnmpV1' ? 'SNMP v1' : 'SNMP v2c';
  const protocols = [type.auth_protocol, type.priv_protocol].filter(Boolean).join('/');
  return ['SNMP v3', type.security_level, protocols].filter(Boolean).join(' · ');
}
