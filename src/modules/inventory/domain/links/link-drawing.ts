import ipaddr from 'ipaddr.js';
import { groupBy } from '../../../../common/collections';
import { interfaceFields } from '../interface-fields';
import type { IngestPlan, LinkDiagnostic, LinkProvenance, NetworkSnapshot, ObservedInterface } from '../observation';
import { type LinkInterface, NeighborIndex } from './neighbor-index';

type Row = { id: string } & Record<string, unknown>;

/** What planIngest knows of this batch beyond the plan itself. */
export interface LinkInputs {
  /** The observed interface behind each planned interface row. */
  observed: Map<string, ObservedInterface>;
  /** Hosts whose interfaces this batch reported in full (they answered SNMP): no interface is made up on them. */
  authoritative: Set<string>;
  /** Names each batch host goes by. */
  names: { id: string; names: string[] }[];
  subnetOf: (ip: string) => { id: string } | undefined;
  newId: () => string;
}

/**
 * One batch's links being drawn into its ingest plan: the interfaces as they will be (live rows and the
 * batch's), the index to find neighbours in, and the few ways to change them. Links on live rows outside
 * the batch become neighbor-only changes.
 */
export class LinkDrawing {
  readonly planned: LinkInterface[];
  readonly kept: LinkInterface[];
  readonly addresses: Row[];
  readonly index: NeighborIndex;
  readonly diagnostics: LinkDiagnostic[] = [];
  /** Hosts some link placed already. */
  readonly linked = new Set<string>();
  private readonly keptIds: Set<string>;
  private readonly keptChanges = new Map<string, Row>();
  private readonly hostNames: Map<string, string>;
  private readonly addressesByHost: Map<string, Row[]>;
  private readonly newHosts: Map<string, Row>;

  constructor(
    readonly plan: IngestPlan,
    snapshot: NetworkSnapshot,
    readonly inputs: LinkInputs,
  ) {
    this.planned = [...plan.children.interfaces.inserts, ...plan.children.interfaces.changes] as LinkInterface[];
    const replaced = new Set([...this.planned.map((row) => row.id), ...plan.children.interfaces.closes]);
    this.kept = snapshot.interfaces.filter((i) => !replaced.has(i.id)) as LinkInterface[];
    this.keptIds = new Set(this.kept.map((row) => row.id));
    const { ip_addresses } = plan.children;
    this.addresses = [...snapshot.ip_addresses, ...ip_addresses.inserts, ...ip_addresses.changes] as Row[];
    this.index = new NeighborIndex(
      this.addresses,
      [...this.kept, ...this.planned],
      [...snapshot.hosts.map((h) => ({ id: h.id, names: [h.name, h.hostname] })), ...inputs.names],
    );
    this.addressesByHost = groupBy(this.addresses, (a) => String(a.host_id));
    this.hostNames = new Map([...snapshot.hosts, ...plan.newHosts].map((h) => [h.id, String(h.name)]));
    this.newHosts = new Map(plan.newHosts.map((h) => [h.id, h]));
    // A host's own SNMP report says anew what each of its ports faces.
    for (const row of this.planned) if (inputs.authoritative.has(row.host_id)) row.neighbor = null;
  }

  observedOf(row: LinkInterface): ObservedInterface | undefined {
    return this.inputs.observed.get(row.id);
  }

  /** An interface its own host reported (SNMP, now or in an earlier run): only that host's own data sets its neighbour. */
  reported(row: LinkInterface): boolean {
    return this.inputs.authoritative.has(row.host_id) || (this.keptIds.has(row.id) && Number(row.if_index) > 0);
  }

  reportsInterfaces(hostId: string): boolean {
    return this.inputs.authoritative.has(hostId) || this.index.interfacesOf(hostId).some((i) => this.reported(i));
  }

  /** far points back at near unless far's own host reports it; near points at far unless it already points somewhere. */
  link(near: LinkInterface, far: LinkInterface, provenance: LinkProvenance, bothEnds = true): void {
    this.linked.add(near.host_id).add(far.host_id);
    if (!this.reported(far)) this.setNeighbor(far, near, provenance);
    if (bothEnds && !near.neighbor) this.setNeighbor(near, far, provenance);
  }

  /** A port on a host that answers no SNMP, described by what its neighbour said of it. */
  makePort(hostId: string, fields: { if_name?: string; if_descr?: string; mac_address?: string }): LinkInterface {
    const ip = fields.mac_address
      ? this.addressesByHost.get(hostId)?.find((a) => a.mac_address === fields.mac_address)
      : undefined;
    const row: LinkInterface = {
      id: this.inputs.newId(),
      host_id: hostId,
      ip_address_id: ip?.id ?? null,
      ...interfaceFields(fields),
      neighbor: null,
    };
    this.plan.children.interfaces.inserts.push(row);
    this.plan.children.interfaces.seen.push(row.id);
    this.index.addInterface(row);
    return row;
  }

  /** A host the batch did not observe: only what a neighbour said of it. */
  makeHost(name: string, description: string, ip?: { address: string; subnetId: string }): string {
    const id = this.inputs.newId();
    const host = {
      id,
      name,
      hostname: '',
      description,
      hidden: false,
      source: { type: 'Discovery' },
      virtualization: null,
    };
    this.plan.newHosts.push(host);
    this.newHosts.set(id, host);
    this.plan.seenHosts.push(id);
    this.hostNames.set(id, name);
    this.index.addName(id, name);
    if (ip) {
      const row = {
        id: this.inputs.newId(),
        host_id: id,
        subnet_id: ip.subnetId,
        ip_address: ip.address,
        mac_address: '',
        position: 0,
        name: '',
      };
      this.plan.children.ip_addresses.inserts.push(row);
      this.plan.children.ip_addresses.seen.push(row.id);
      this.addresses.push(row);
      this.addressesByHost.set(id, [row]);
      this.index.addAddress(id, ip.address);
    }
    return id;
  }

  /** Name and description of a host this batch creates, where what the batch saw left them blank. */
  describeNew(hostId: string, sysName: string | undefined, sysDesc: string): void {
    const created = this.newHosts.get(hostId);
    if (!created) return;
    if (sysName && ipaddr.isValid(String(created.name))) {
      const name = sysName.slice(0, 255);
      created.name = name;
      this.hostNames.set(hostId, name);
    }
    if (!created.description && sysDesc) created.description = sysDesc.slice(0, 4096);
  }

  note(hostId: string, topic: LinkProvenance, message: string): void {
    this.diagnostics.push({ host_id: hostId, topic, message });
  }

  label(hostId: string): string {
    return this.hostNames.get(hostId) ?? hostId;
  }

  portName(row: LinkInterface): string {
    const index = Number(row.if_index) > 0 ? `if${row.if_index}` : 'unnamed';
    return String(row.if_name || row.if_descr || row.mac_address || index);
  }

  /** Made-up ports whose switch port (reported in this batch) no longer points back lose their link; the changes go into the plan. */
  finish(): LinkDiagnostic[] {
    const reportedNow = new Set(
      this.planned.filter((row) => this.inputs.authoritative.has(row.host_id)).map((row) => row.id),
    );
    for (const row of this.kept) {
      const far = (row.neighbor as { interface_id?: string } | null)?.interface_id;
      if (far && reportedNow.has(far) && !this.keptChanges.has(row.id) && !this.reported(row))
        this.keptChanges.set(row.id, { id: row.id, neighbor: null });
    }
    this.plan.children.interfaces.changes.push(...this.keptChanges.values());
    return this.diagnostics;
  }

  private setNeighbor(row: LinkInterface, to: LinkInterface, provenance: LinkProvenance) {
    const neighbor = { host_id: to.host_id, interface_id: to.id, provenance };
    row.neighbor = neighbor;
    if (this.keptIds.has(row.id)) this.keptChanges.set(row.id, { id: row.id, neighbor });
  }
}
