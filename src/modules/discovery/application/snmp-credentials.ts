import type { OpenedCredential } from '../../credentials';
import type { SnmpCredential } from '../domain/snmp';

/** The credentials to try on one address, most specific first, in net-snmp's terms. */
export function snmpCredentialsFor(credentials: readonly OpenedCredential[], address: string): SnmpCredential[] {
  return credentials
    .filter((c) => c.addresses === null || c.addresses.includes(address))
    .map(({ credential_type: t }): SnmpCredential => {
      if (t.type !== 'SnmpV3') return { version: t.type === 'SnmpV1' ? 'v1' : 'v2c', community: t.community };
      return {
        version: 'v3',
        user: t.security_name,
        level: t.security_level,
        authProtocol: t.auth_protocol as Extract<SnmpCredential, { version: 'v3' }>['authProtocol'],
        authKey: t.auth_password,
        privProtocol: t.priv_protocol as Extract<SnmpCredential, { version: 'v3' }>['privProtocol'],
        privKey: t.priv_password,
        context: t.context_name,
      };
    });
}
