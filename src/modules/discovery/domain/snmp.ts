import type { ObservedInterface } from '../../inventory';

export type SnmpAuthProtocol = 'Md5' | 'Sha1' | 'Sha224' | 'Sha256' | 'Sha384' | 'Sha512';
export type SnmpPrivProtocol = 'Des' | 'Aes128' | 'Aes192' | 'Aes256';

/** One way to talk to an agent; secrets in plaintext (decrypted by the caller just before use). */
export type SnmpCredential =
  | { version: 'v1' | 'v2c'; community: string }
  | {
      version: 'v3';
      user: string;
      level: 'noAuthNoPriv' | 'authNoPriv' | 'authPriv';
      authProtocol: SnmpAuthProtocol | null;
      authKey: string | null;
      privProtocol: SnmpPrivProtocol | null;
      privKey: string | null;
      context: string | null;
    };

/**
 * What one agent told us: the system group, its interfaces with their LLDP/CDP neighbours and the MACs
 * each learnt (FDB, ARP), its own addresses, and its neighbour (ARP/ND) table.
 */
export interface SnmpFacts {
  sys_name: string;
  sys_descr: string;
  interfaces: ObservedInterface[];
  addresses: { ip_address: string; if_index: number }[];
  arp: { ip_address: string; mac_address: string; if_index: number }[];
}
