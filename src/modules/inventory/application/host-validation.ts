import type { TenantContext } from '../../../common/auth/tenant-context';
import { AppError, invalid } from '../../../common/errors/app-error';
import type { FieldError } from '../../../common/errors/app-error';
import { cidrContains } from '../../../common/net/cidr';
import type { HostDraft } from '../domain/host';
import type { HostWriter } from '../domain/host-writer';

/**
 * Checks every reference of a draft against the database and against itself. Ids of another tenant, of
 * a network the caller cannot reach, or of nothing at all answer alike: 400 naming the field.
 */
export async function validateDraft(
  writer: HostWriter,
  ctx: TenantContext,
  hostId: string,
  draft: HostDraft,
): Promise<void> {
  const errors: FieldError[] = [];
  const fail = (field: string, rule: string, message: string) => errors.push({ field, rule, message });

  const subnets = new Map(
    (
      await writer.liveSubnets(
        ctx,
        draft.network_id,
        draft.ip_addresses.map((ip) => ip.subnet_id),
      )
    ).map((s) => [s.id, s.cidr]),
  );
  draft.ip_addresses.forEach((ip, i) => {
    const cidr = subnets.get(ip.subnet_id);
    if (!cidr) fail(`ip_addresses[${i}].subnet_id`, 'exists', `subnet ${ip.subnet_id} is not a subnet of this network`);
    else if (!cidrContains(cidr, ip.ip_address))
      fail(`ip_addresses[${i}].ip_address`, 'in_subnet', `${ip.ip_address} is not in ${cidr}`);
  });

  const ipIds = new Set(draft.ip_addresses.map((ip) => ip.id));
  const portIds = new Set(draft.ports.map((port) => port.id));
  draft.services.forEach((service, s) =>
    service.bindings.forEach((binding, b) => {
      const field = `services[${s}].bindings[${b}]`;
      if (binding.ip_address_id && !ipIds.has(binding.ip_address_id))
        fail(`${field}.ip_address_id`, 'same_host', 'must be an IP address of this host');
      if (binding.port_id && !portIds.has(binding.port_id))
        fail(`${field}.port_id`, 'same_host', 'must be a port of this host');
      if (binding.type === 'Port' && !binding.port_id)
        fail(`${field}.port_id`, 'required', 'a Port binding needs port_id');
      if (binding.type === 'Interface' && !binding.ip_address_id)
        fail(`${field}.ip_address_id`, 'required', 'an Interface binding needs ip_address_id');
    }),
  );

  const neighborHosts = draft.interfaces.flatMap((iface) => (iface.neighbor ? [iface.neighbor.host_id] : []));
  const virtualHosts = [draft.virtualization, ...draft.services.map((s) => s.virtualization)].flatMap((v) =>
    v ? [v.host_id] : [],
  );
  const liveHosts = new Set((await writer.liveHosts(ctx, [...neighborHosts, ...virtualHosts])).map((h) => h.id));
  liveHosts.add(hostId);
  const ownInterfaces = new Set(draft.interfaces.map((iface) => iface.id));
  const interfaceHosts = new Map(
    (
      await writer.liveInterfaces(
        ctx,
        draft.interfaces.flatMap((iface) => (iface.neighbor ? [iface.neighbor.interface_id] : [])),
      )
    ).map((i) => [i.id, i.host_id]),
  );
  draft.interfaces.forEach((iface, i) => {
    if (iface.ip_address_id && !ipIds.has(iface.ip_address_id))
      fail(`interfaces[${i}].ip_address_id`, 'same_host', 'must be an IP address of this host');
    if (!iface.neighbor) return;
    const { host_id, interface_id } = iface.neighbor;
    if (!liveHosts.has(host_id)) fail(`interfaces[${i}].neighbor.host_id`, 'exists', `host ${host_id} does not exist`);
    const owner = host_id === hostId && ownInterfaces.has(interface_id) ? hostId : interfaceHosts.get(interface_id);
    if (owner !== host_id)
      fail(
        `interfaces[${i}].neighbor.interface_id`,
        'exists',
        `interface ${interface_id} is not an interface of host ${host_id}`,
      );
  });
  const virtualizations: [string, HostDraft['virtualization']][] = [
    ['virtualization', draft.virtualization],
    ...draft.services.map((s, i): [string, HostDraft['virtualization']] => [
      `services[${i}].virtualization`,
      s.virtualization,
    ]),
  ];
  for (const [field, v] of virtualizations) {
    if (v && (v.host_id === hostId || !liveHosts.has(v.host_id)))
      fail(`${field}.host_id`, 'exists', `host ${v.host_id} cannot host this one`);
  }

  const childIds = {
    ip_addresses: draft.ip_addresses.map((c) => c.id),
    ports: draft.ports.map((c) => c.id),
    services: draft.services.map((c) => c.id),
    bindings: draft.services.flatMap((s) => s.bindings.map((c) => c.id)),
    interfaces: draft.interfaces.map((c) => c.id),
  };
  const all = Object.values(childIds).flat();
  const duplicates = all.filter((id, i) => all.indexOf(id) !== i);
  for (const id of new Set(duplicates)) fail('id', 'unique', `child id ${id} is used twice`);

  if (errors.length > 0) throw invalid(errors);

  const taken = await writer.takenChildIds(ctx, hostId, childIds);
  if (taken.length > 0)
    throw new AppError('entity_conflict', `Child ids already in use: ${taken.join(', ')}`, { field: 'id', ids: taken });
}
