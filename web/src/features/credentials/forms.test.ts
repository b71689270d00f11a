import { describe, expect, it } from 'vitest';
import type { Credential } from './api';
import { credentialBodyOf, credentialFormOf, describeType } from './forms';

const ORG = '11111111-1111-4111-8111-111111111111';

function credential(credential_type: unknown): Credential {
  return {
    id: 'c1',
    organization_id: ORG,
    name: 'core switches',
    description: null,
    credential_type: credential_type as Credential['credential_type'],
    assigned_network_ids: ['n1'],
    host_assignments: [{ host_id: 'h1', ip_address_ids: ['ip1'] }],
    tags: ['t1'],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

describe('credential form -> body', () => {
  it('sends a new v2c community as an inline secret with every field the API requires', () => {
    const form = { ...credentialFormOf(), name: ' lab ', community: { mode: 'Inline' as const, value: 's3cret' } };
    expect(credentialBodyOf(form, ORG)).toEqual({
      name: 'lab',
      description: null,
      organization_id: ORG,
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 's3cret' } },
      assigned_network_ids: [],
      host_assignments: [],
      tags: [],
    });
  });

  it('starts an edit with empty secret inputs and keeps the stored secret when they stay empty', () => {
    const existing = credential({ type: 'SnmpV2c', community: { mode: 'Inline', value: '********' } });
    const form = credentialFormOf(existing);
    expect(form.community.value).toBe('');
    const body = credentialBodyOf(form, ORG, existing);
    expect(body.credential_type).toEqual({ type: 'SnmpV2c', community: { mode: 'Inline', value: '********' } });
    expect(body.host_assignments).toEqual([{ host_id: 'h1', ip_address_ids: ['ip1'] }]);
    expect(body.assigned_network_ids).toEqual(['n1']);
  });

  it('replaces a secret that is typed, and keeps a file path secret by its path', () => {
    const existing = credential({
      type: 'SnmpV3',
      security_name: 'ops',
      security_level: 'authPriv',
      auth_protocol: 'Sha256',
      auth_password: { mode: 'FilePath', path: '/secrets/auth' },
      priv_protocol: 'Aes128',
      priv_password: { mode: 'Inline', value: '********' },
      context_name: null,
    });
    const form = { ...credentialFormOf(existing), privPassword: { mode: 'Inline' as const, value: 'new-priv' } };
    expect(credentialBodyOf(form, ORG, existing).credential_type).toEqual({
      type: 'SnmpV3',
      security_name: 'ops',
      security_level: 'authPriv',
      auth_protocol: 'Sha256',
      auth_password: { mode: 'FilePath', path: '/secrets/auth' },
      priv_protocol: 'Aes128',
      priv_password: { mode: 'Inline', value: 'new-priv' },
    });
  });

  it('does not send the keep marker when the type changed, and leaves out what the level does not use', () => {
    const existing = credential({ type: 'SnmpV2c', community: { mode: 'Inline', value: '********' } });
    const form = {
      ...credentialFormOf(existing),
      kind: 'SnmpV3' as const,
      securityName: 'u',
      securityLevel: 'authNoPriv' as const,
    };
    expect(credentialBodyOf(form, ORG, existing).credential_type).toEqual({
      type: 'SnmpV3',
      security_name: 'u',
      security_level: 'authNoPriv',
      auth_protocol: 'Sha256',
      auth_password: { mode: 'Inline', value: '' },
    });
  });

  it('summarises the type without any secret', () => {
    const v3 = credential({
      type: 'SnmpV3',
      security_name: 'ops',
      security_level: 'authNoPriv',
      auth_protocol: 'Sha1',
      auth_password: { mode: 'Inline', value: '********' },
      priv_protocol: null,
      priv_password: null,
      context_name: null,
    });
    expect(describeType(v3)).toBe('SNMP v3 · authNoPriv · Sha1');
  });
});
