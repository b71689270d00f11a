import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { mergeDevices } from '../domain/device-merge';
import type { HostScanner, ScanPlan } from '../domain/host-scanner.port';
import type { FoundHost, OpenService } from '../domain/observed-host';
import { macOf, silentNote, snmpNote } from '../domain/scan-notes';
import type { SnmpFacts } from '../domain/snmp';
import { readArpTable } from './arp-table';
import { boundedMap } from './bounded-map';
import { macVendor } from '../../../common/net/mac-vendor';
import { reverseDns } from './reverse-dns';
import { collectSnmp } from './snmp-collector';
import { identifyService } from './service-probe';
import { tcpScan } from './tcp-scanner';

/** Name lookups at once: getnameinfo runs on libuv's small thread pool. */
const DNS_CONCURRENCY = 4;
/** Host discovery: an address that answers on none of these (nor by ARP) gets no full port scan. */
export const LIVENESS_PORTS = [80, 443, 22, 445, 3389];

/**
 * One run's scan: host discovery (TCP connects to a few common ports, and the ARP table), a TCP connect
 * scan of the live addresses (a host is found when a port is open), SNMP where asked (a host answering
 * SNMP is found too), then names, MACs and vendors of what was found; one device's several addresses
 * become one host.
 */
@Injectable()
export class NetworkScanner implements HostScanner {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async scan(plan: ScanPlan): Promise<FoundHost[]> {
    const openPorts = await tcpScan(plan.addresses, plan.ports, {
      timeoutMs: plan.timeoutMs,
      concurrency: plan.concurrency,
      signal: plan.signal,
      onProgress: (done) => plan.onProgress(done),
      liveness: { ports: LIVENESS_PORTS, neighbours: async () => new Set((await readArpTable()).keys()) },
    });
    const open = await this.identifyServices(openPorts, plan);
    const snmp = new Map<string, SnmpFacts>();
    const tried = new Map<string, number>();
    if (plan.snmpCredentials) {
      const credentialsOf = plan.snmpCredentials;
      await boundedMap(
        plan.addresses,
        plan.concurrency,
        async (address) => {
          const credentials = credentialsOf(address);
          tried.set(address, credentials.length);
          if (credentials.length === 0) return;
          const facts = await collectSnmp(address, credentials, {
            port: this.config.discovery.snmpPort,
            timeoutMs: plan.timeoutMs,
          });
          if (facts) snmp.set(address, facts);
        },
        plan.signal,
      );
    }
    if (plan.signal.aborted) return [];
    const arp = await readArpTable();
    // A device in an ARP table (this scanner's, or a router's that answered SNMP) is there even with every port closed.
    const inArpTables = new Set([...arp.keys(), ...[...snmp.values()].flatMap((f) => f.arp.map((e) => e.ip_address))]);
    const found = plan.addresses.filter((a) => open.has(a) || snmp.has(a) || inArpTables.has(a));
    const hosts = await boundedMap(found, DNS_CONCURRENCY, async (address): Promise<FoundHost> => {
      const facts = snmp.get(address);
      const mac = macOf(address, arp, snmp);
      const hostname = await reverseDns(address, Math.min(plan.timeoutMs, 2_000));
      const notes = [
        ...(plan.snmpCredentials ? [snmpNote(address, tried.get(address) ?? 0, facts)] : []),
        ...(mac ? [mac.note] : []),
        ...(!open.has(address) && !facts ? [silentNote(address, plan.ports.length)] : []),
      ];
      return {
        address,
        open: open.get(address) ?? [],
        notes,
        ...(facts && { snmp: facts }),
        ...(hostname && { hostname }),
        ...(mac && { mac: mac.mac, vendor: macVendor(mac.mac) }),
      };
    });
    return mergeDevices(hosts);
  }

  /** What listens on each open port, asked once the sweep is over (as nmap -sV does after its port scan). */
  private async identifyServices(
    openPorts: Map<string, number[]>,
    plan: ScanPlan,
  ): Promise<Map<string, OpenService[]>> {
    const pairs = [...openPorts].flatMap(([address, ports]) => ports.map((port) => ({ address, port })));
    const services = await boundedMap(
      pairs,
      plan.concurrency,
      ({ address, port }) => identifyService(address, port, plan.timeoutMs),
      plan.signal,
    );
    const open = new Map<string, OpenService[]>();
    pairs.forEach(({ address }, i) => {
      if (!services[i]) return;
      const named = open.get(address);
      if (named) named.push(services[i]);
      else open.set(address, [services[i]]);
    });
    return open;
  }
}
