import { groupBy, indexBy } from '../../../common/collections';
import type { Graph, GraphEdge, GraphNode, NetworkState, View } from './graph';
import { hostLinks, type Tiers, tiersOf } from './tiers';

const hostNode = (h: NetworkState['hosts'][number], parent?: string): GraphNode => ({
  id: h.id,
  kind: 'host',
  label: h.name,
  ...(parent && { parent }),
  data: {
    hostname: h.hostname,
    source: h.source.type,
    virtualization: virtualizationOf(h),
    device_type: h.device_type,
    vendor: h.vendor,
    model: h.model,
    os: h.os,
    location: h.location,
  },
});

/**
 * A graph shows what a host runs on (type, host_id), never its free-form details: graphs are served to
 * anonymous viewers of public shares too (docs/sharing.md); details stay on GET /api/v1/hosts.
 */
const virtualizationOf = (h: NetworkState['hosts'][number]) =>
  h.virtualization && { type: h.virtualization.type, host_id: h.virtualization.host_id };

/**
 * One edge per link whose both ends are among the interfaces, however many ends report it, with how it was
 * learnt (lldp, cdp, fdb, arp; manual when drawn by hand).
 */
export function l2Links(interfaces: NetworkState['interfaces']): GraphEdge[] {
  const byId = indexBy(interfaces, (i) => i.id);
  const edges = new Map<string, GraphEdge>();
  for (const near of interfaces) {
    const far = near.neighbor && byId.get(near.neighbor.interface_id);
    if (!far || far.host_id !== near.neighbor!.host_id) continue;
    const [a, b] = near.id < far.id ? [near, far] : [far, near];
    const id = `link:${a.id}:${b.id}`;
    if (!edges.has(id)) {
      edges.set(id, {
        id,
        source: a.id,
        target: b.id,
        kind: 'link',
        label: `${a.if_name} - ${b.if_name}`,
        data: {
          speed_bps: Math.min(a.speed_bps, b.speed_bps) || Math.max(a.speed_bps, b.speed_bps),
          provenance: near.neighbor!.provenance ?? 'manual',
        },
      });
    }
  }
  return [...edges.values()];
}

/** L2Physical's nodes: hosts with their tier (tiers.ts), whether infrastructure, a switch's uplink; interfaces. */
export function l2Nodes(state: Pick<NetworkState, 'hosts' | 'interfaces'>, tiers: Tiers): GraphNode[] {
  const { tier, infrastructure, uplink } = tiers;
  const tiered = (h: NetworkState['hosts'][number]): GraphNode => {
    const node = hostNode(h);
    node.data.tier = tier.get(h.id);
    if (infrastructure.has(h.id)) node.data.infrastructure = true;
    if (uplink.has(h.id)) node.data.uplink = uplink.get(h.id);
    return node;
  };
  return [
    ...state.hosts.map(tiered),
    ...state.interfaces.map((i) => ({
      id: i.id,
      kind: 'interface',
      label: i.if_name || i.mac_address || `if${i.if_index}`,
      parent: i.host_id,
      data: { if_index: i.if_index, speed_bps: i.speed_bps, oper_status: i.oper_status, mac_address: i.mac_address },
    })),
  ];
}

/** Hosts and their interfaces, and the links between them. */
function l2Physical(state: NetworkState): Graph {
  const edges = l2Links(state.interfaces);
  const links = hostLinks(edges, () => new Map(state.interfaces.map((i) => [i.id, i.host_id])));
  return { nodes: l2Nodes(state, tiersOf({ hosts: state.hosts, links })), edges };
}

const GATEWAYS = new Set(['Router', 'Firewall']);

/**
 * A host that routes between subnets: a router or a firewall, or a switch with addresses in several subnets
 * (an L3 switch). A server with a second, management address is not one, nor a host of unknown type.
 */
const isGateway = (deviceType: string, subnets: number) =>
  GATEWAYS.has(deviceType) || (subnets > 1 && deviceType === 'Switch');

/**
 * Subnets containing hosts: a host sits in the subnet of its first address; further subnets it reaches are
 * edges. Gateways carry data.gateway (the map draws them between the subnets they link, never grouped).
 */
function l3Logical(state: NetworkState): Graph {
  const addresses = groupBy(
    [...state.ip_addresses].sort((a, b) => a.position - b.position || (a.ip_address < b.ip_address ? -1 : 1)),
    (ip) => ip.host_id,
  );
  const edges: GraphEdge[] = [];
  const hosts = state.hosts.map((h) => {
    const own = addresses.get(h.id) ?? [];
    const [first, ...rest] = own;
    for (const ip of rest.filter((ip) => ip.subnet_id !== first.subnet_id)) {
      edges.push({
        id: `address:${ip.id}`,
        source: h.id,
        target: ip.subnet_id,
        kind: 'address',
        label: ip.ip_address,
        data: { ip_address_id: ip.id },
      });
    }
    const node = hostNode(h, first?.subnet_id);
    node.data.ip_addresses = own.map((ip) => ip.ip_address);
    if (isGateway(h.device_type, new Set(own.map((ip) => ip.subnet_id)).size)) node.data.gateway = true;
    return node;
  });
  return {
    nodes: [
      ...state.subnets.map((s) => ({ id: s.id, kind: 'subnet', label: s.cidr, data: { name: s.name } })),
      ...hosts,
    ],
    edges,
  };
}

/** Hypervisors and container hosts contain their VMs and containers. */
function workloads(state: NetworkState): Graph {
  const present = new Set(state.hosts.map((h) => h.id));
  const hosting = new Set(
    state.hosts.flatMap((h) =>
      h.virtualization && present.has(h.virtualization.host_id) ? [h.virtualization.host_id] : [],
    ),
  );
  return {
    nodes: state.hosts.map((h) => {
      const parent = h.virtualization && present.has(h.virtualization.host_id) ? h.virtualization.host_id : undefined;
      const node = hostNode(h, parent);
      if (h.virtualization) node.kind = h.virtualization.type === 'Container' ? 'container' : 'vm';
      else if (hosting.has(h.id)) node.kind = 'hypervisor';
      return node;
    }),
    edges: [],
  };
}

/** Services as nodes; dependencies as edges: a RequestPath as a chain in order, a HubAndSpoke from the hub. */
function application(state: NetworkState): Graph {
  const serviceOfBinding = new Map(state.bindings.map((b) => [b.id, b.service_id]));
  const services = new Set(state.services.map((s) => s.id));
  const edges: GraphEdge[] = [];
  for (const d of state.dependencies) {
    const members = d.member_ids
      .map((id) => (d.member_type === 'Services' ? id : serviceOfBinding.get(id)))
      .filter((id): id is string => !!id && services.has(id));
    const pairs =
      d.dependency_type === 'HubAndSpoke'
        ? members.slice(1).map((m) => [members[0], m])
        : members.slice(1).map((m, i) => [members[i], m]);
    pairs.forEach(([source, target], i) =>
      edges.push({
        id: `${d.id}:${i}`,
        source,
        target,
        kind: 'dependency',
        label: d.name,
        data: {
          dependency_id: d.id,
          dependency_type: d.dependency_type,
          color: d.color,
          edge_style: d.edge_style,
          order: i,
        },
      }),
    );
  }
  const endpoint = serviceEndpoints(state);
  return {
    nodes: state.services.map((s) => {
      const at = endpoint(s);
      return {
        id: s.id,
        kind: 'service',
        label: `${at} (${s.name})`,
        data: { host_id: s.host_id, service_definition: s.service_definition, name: s.name, endpoint: at },
      };
    }),
    edges,
  };
}

/**
 * Where a service answers, as an engineer writes it: its host's name and the ports its bindings are on
 * ("db-01:5432", "web-01:80,443"); the host's name alone when no binding names a port.
 */
function serviceEndpoints(state: NetworkState): (service: NetworkState['services'][number]) => string {
  const hostNames = new Map(state.hosts.map((h) => [h.id, h.name]));
  const portNumbers = new Map(state.ports.map((p) => [p.id, p.number]));
  const numbers = new Map<string, Set<number>>();
  for (const b of state.bindings) {
    const number = b.port_id ? portNumbers.get(b.port_id) : undefined;
    if (number === undefined) continue;
    numbers.set(b.service_id, (numbers.get(b.service_id) ?? new Set()).add(number));
  }
  return (service) => {
    const host = hostNames.get(service.host_id) ?? 'host';
    const ports = [...(numbers.get(service.id) ?? [])].sort((a, b) => a - b);
    return ports.length ? `${host}:${ports.join(',')}` : host;
  };
}

const BUILDERS: Record<View, (state: NetworkState) => Graph> = {
  L2Physical: l2Physical,
  L3Logical: l3Logical,
  Workloads: workloads,
  Application: application,
};

/** One view of a network's state. Pure. */
export const buildView = (view: View, state: NetworkState): Graph => BUILDERS[view](state);
