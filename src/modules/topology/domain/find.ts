import type { Graph, GraphNode, NetworkState } from './graph';

/** What "Find a node" answers for one match: the node, what matched, and the groups to open to see it. */
export interface FindMatch {
  id: string;
  kind: string;
  label: string;
  /** name, hostname, address, mac or interface. */
  matched_on: string;
  text: string;
  /** The host drawn for an interface (the node to select and centre), else the node itself. */
  node_id: string;
  /** Group ids to add to `expand` so that the node is drawn (every level that may hold it). */
  open: string[];
}

const MAX_MATCHES = 20;
const macText = (mac: string) => mac.toLowerCase().replace(/[^0-9a-f]/g, '');

/** What a text is looked for as: lower-cased, and as a MAC fragment (hex digits only, at least two bytes' worth) or ''. */
export function findNeedles(text: string): { needle: string; macNeedle: string } {
  const needle = text.trim().toLowerCase();
  const macNeedle = /^[0-9a-f:.-]+$/i.test(text.trim()) && macText(text).length >= 4 ? macText(text) : '';
  return { needle, macNeedle };
}

/**
 * The nodes of a view (or of the part of it holding every match) that match a text: a node's label, and for
 * hosts their hostname, addresses, MACs (in any notation) and interface names; exact matches first, then
 * those that start with the text, then the rest, each in natural name order. `holding`: the groups to open
 * to draw a node. Pure.
 */
export function findNodes(
  graph: Graph,
  state: Pick<NetworkState, 'hosts' | 'ip_addresses' | 'interfaces'>,
  text: string,
  holding: (nodeId: string) => string[],
): FindMatch[] {
  const { needle, macNeedle } = findNeedles(text);
  if (!needle) return [];
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const hosts = new Map(state.hosts.map((h) => [h.id, h]));
  const candidates: { node: GraphNode; on: string; text: string; rank: number }[] = [];
  const consider = (
    node: GraphNode,
    on: string,
    value: string | null | undefined,
    compare = (v: string) => v.toLowerCase(),
  ) => {
    if (!value) return;
    const seen = compare(value);
    const wanted = on === 'mac' ? macNeedle : needle;
    if (!wanted || !seen.includes(wanted)) return;
    candidates.push({ node, on, text: value, rank: seen === wanted ? 0 : seen.startsWith(wanted) ? 1 : 2 });
  };
  for (const node of graph.nodes) {
    consider(node, 'name', node.label);
    const host = hosts.get(node.id);
    if (host) consider(node, 'hostname', host.hostname);
  }
  for (const ip of state.ip_addresses) {
    const node = byId.get(ip.host_id);
    if (node) {
      consider(node, 'address', ip.ip_address);
      if (ip.mac_address) consider(node, 'mac', ip.mac_address, macText);
    }
  }
  for (const i of state.interfaces) {
    const host = byId.get(i.host_id);
    if (!host) continue;
    consider(host, 'interface', i.if_name);
    if (i.mac_address) consider(host, 'mac', i.mac_address, macText);
  }
  // one match per node drawn (a host, whether its name or one of its ports matched), the best
  const drawnOf = (node: GraphNode) => (node.kind === 'interface' && node.parent ? node.parent : node.id);
  const best = new Map<string, (typeof candidates)[number]>();
  for (const c of candidates) {
    const known = best.get(drawnOf(c.node));
    if (!known || c.rank < known.rank) best.set(drawnOf(c.node), c);
  }
  return [...best.values()]
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.node.label.localeCompare(b.node.label, 'en', { numeric: true }) ||
        (a.node.id < b.node.id ? -1 : 1),
    )
    .slice(0, MAX_MATCHES)
    .map(({ node, on, text: value }) => {
      const drawn = drawnOf(node);
      return {
        id: node.id,
        kind: node.kind,
        label: node.label,
        matched_on: on,
        text: value,
        node_id: drawn,
        open: holding(drawn),
      };
    });
}
