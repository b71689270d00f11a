import type { FoundHost } from './observed-host';
import type { SnmpCredential } from './snmp';

export interface ScanPlan {
  addresses: readonly string[];
  ports: readonly number[];
  timeoutMs: number;
  concurrency: number;
  /** The SNMP credentials to try on an address; absent: no SNMP. */
  snmpCredentials?: (address: string) => SnmpCredential[];
  signal: AbortSignal;
  /** Addresses whose TCP scan is done. */
  onProgress: (done: number) => void;
}

/** Finds the hosts of one run's addresses (infrastructure/network-scanner.ts does it over the network). */
export interface HostScanner {
  scan(plan: ScanPlan): Promise<FoundHost[]>;
}

export const HOST_SCANNER = Symbol('HOST_SCANNER');
