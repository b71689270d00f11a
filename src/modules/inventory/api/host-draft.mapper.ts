import { randomUUID } from 'node:crypto';
import type { HostBodyDto, InterfaceDto, VirtualizationDto } from './dto/host.dto';
import type { HostDraft, InterfaceDraft } from '../domain/host';
import { interfaceFields, normalizeMac } from '../domain/interface-fields';
import { IDENTITY_FIELDS } from '../domain/identity/identity';

const MANUAL = { type: 'Manual' };

const virtualizationOf = (v: VirtualizationDto | null | undefined): HostDraft['virtualization'] =>
  v ? { type: v.type, host_id: v.host_id, details: v.details ?? {} } : null;

const interfaceOf = (i: InterfaceDto): InterfaceDraft => ({
  id: i.id ?? randomUUID(),
  ip_address_id: i.ip_address_id ?? null,
  ...interfaceFields(i),
  neighbor: i.neighbor
    ? {
        host_id: i.neighbor.host_id,
        interface_id: i.neighbor.interface_id,
        ...(i.neighbor.provenance && { provenance: i.neighbor.provenance }),
      }
    : null,
});

/** A request body with every default applied and an id on every child (new ones get one here); written through the API, so Manual. */
export function draftOf(body: HostBodyDto): HostDraft {
  return {
    network_id: body.network_id,
    name: body.name,
    hostname: body.hostname ?? '',
    description: body.description ?? '',
    hidden: body.hidden ?? false,
    tags: [...new Set(body.tags ?? [])],
    virtualization: virtualizationOf(body.virtualization),
    source: MANUAL,
    identity: Object.fromEntries(IDENTITY_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])),
    ip_addresses: (body.ip_addresses ?? []).map((ip, index) => ({
      id: ip.id ?? randomUUID(),
      subnet_id: ip.subnet_id,
      ip_address: ip.ip_address,
      mac_address: normalizeMac(ip.mac_address),
      name: ip.name ?? '',
      position: ip.position ?? index,
    })),
    ports: (body.ports ?? []).map((port) => ({
      id: port.id ?? randomUUID(),
      number: port.number,
      protocol: port.protocol,
      type: port.type,
    })),
    services: (body.services ?? []).map((service, index) => ({
      id: service.id ?? randomUUID(),
      name: service.name,
      service_definition: service.service_definition,
      position: service.position ?? index,
      tags: [...new Set(service.tags ?? [])],
      virtualization: virtualizationOf(service.virtualization),
      source: MANUAL,
      bindings: (service.bindings ?? []).map((b) => ({
        id: b.id ?? randomUUID(),
        type: b.type,
        ip_address_id: b.ip_address_id ?? null,
        port_id: b.port_id ?? null,
      })),
    })),
    interfaces: (body.interfaces ?? []).map(interfaceOf),
  };
}
