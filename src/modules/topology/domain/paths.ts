import type { Graph, GraphEdge, GraphNode } from './graph';

/** The port a path enters a device by. */
export interface PathPortIn {
  interface_id: string;
  name: string;
}

/** The port a path leaves a device by, with the port's own speed. */
export interface PathPortOut extends PathPortIn {
  speed_bps: number;
}

/** One device on a path: the first has no `in`, the last no `out`. */
export interface PathHop {
  host_id: string;
  label: string;
  device_type: string;
  in: PathPortIn | null;
  out: PathPortOut | null;
}

/** The link between hop i and hop i + 1, and how it was learnt (lldp, cdp, fdb, arp, manual). */
export interface PathLink {
  id: string;
  provenance: string;
  speed_bps: number;
}

export type PathAnswer = { found: true; hops: PathHop[]; links: PathLink[] } | { found: false; reason: string };

/** A link seen from one host: the port it leaves by, and the host and port it reaches. */
interface Step {
  link: GraphEdge;
  from: string;
  out: GraphNode;
  to: string;
  in: GraphNode;
}

/** Hosts of an L2Physical graph and the links between them, each host's links in id order. */
interface HostLinks {
  hosts: Map<string, GraphNode>;
  steps: Map<string, Step[]>;
  /** Hosts with a link from one of their ports to another of their own (a loop): not a way anywhere. */
  loops: Set<string>;
}

function hostLinks(graph: Graph): HostLinks {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const hosts = new Map(graph.nodes.filter((n) => n.kind === 'host').map((n) => [n.id, n]));
  const hostOf = (node: GraphNode) => (node.kind === 'host' ? node.id : node.parent);
  const steps = new Map<string, Step[]>();
  const loops = new Set<string>();
  const add = (from: string, step: Step) => {
    const list = steps.get(from);
    if (list) list.push(step);
    else steps.set(from, [step]);
  };
  for (const link of graph.edges) {
    const [a, b] = [nodes.get(link.source), nodes.get(link.target)];
    const [hostA, hostB] = [a && hostOf(a), b && hostOf(b)];
    if (!a || !b || !hostA || !hostB || !hosts.has(hostA) || !hosts.has(hostB)) continue;
    if (hostA === hostB) {
      loops.add(hostA);
      continue;
    }
    add(hostA, { link, from: hostA, out: a, to: hostB, in: b });
    add(hostB, { link, from: hostB, out: b, to: hostA, in: a });
  }
  for (const list of steps.values()) list.sort((x, y) => compare(x.link.id, y.link.id) || compare(x.out.id, y.out.id));
  return { hosts, steps, loops };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Hops from `start` to every host it reaches (breadth first). */
function distancesFrom(map: HostLinks, start: string): Map<string, number> {
  const distance = new Map([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i];
    for (const step of map.steps.get(here) ?? []) {
      if (distance.has(step.to)) continue;
      distance.set(step.to, distance.get(here)! + 1);
      queue.push(step.to);
    }
  }
  return distance;
}

const hostsWord = (n: number) => `${n} host${n === 1 ? '' : 's'}`;

/** Why a host cannot be on any path, or null when it has links to other hosts. */
function unlinked(map: HostLinks, host: GraphNode): string | null {
  if (map.steps.has(host.id)) return null;
  return map.loops.has(host.id)
    ? `${host.label} has no known links to other hosts (its only link leads back to itself)`
    : `${host.label} has no known links`;
}

/**
 * A shortest path between two hosts of an L2Physical graph (hosts, their interfaces, links between
 * interfaces), counted in links, or why there is none. Both ids must be hosts of the graph.
 *
 * Deterministic and the same both ways: the walk starts at the smaller of the two ids and at each host
 * takes, of the links that stay on a shortest path, the one with the smallest id (then the smallest port
 * id); asked the other way round, the same hops come back reversed.
 */
export function findPath(graph: Graph, from: string, to: string): PathAnswer {
  const map = hostLinks(graph);
  const [source, target] = [map.hosts.get(from), map.hosts.get(to)];
  if (!source || !target) throw new Error(`findPath: ${!source ? from : to} is not a host of the graph`);
  if (from === to) return { found: false, reason: `From and to are the same host (${source.label})` };
  const alone = unlinked(map, source) ?? unlinked(map, target);
  if (alone) return { found: false, reason: alone };

  const [start, end] = compare(from, to) < 0 ? [from, to] : [to, from];
  const distance = distancesFrom(map, end);
  if (!distance.has(start)) {
    const sourcePart = from === end ? distance.size : distancesFrom(map, from).size;
    const targetPart = to === end ? distance.size : distancesFrom(map, to).size;
    return {
      found: false,
      reason:
        `${source.label} and ${target.label} are in different connected parts of the map: ` +
        `${source.label}'s part has ${hostsWord(sourcePart)}, ${target.label}'s has ${hostsWord(targetPart)}`,
    };
  }
  const steps: Step[] = [];
  for (let here = start; here !== end; here = steps[steps.length - 1].to) {
    const left = distance.get(here)! - 1;
    steps.push(map.steps.get(here)!.find((step) => distance.get(step.to) === left)!);
  }
  return answer(map, start === from ? steps : reversed(steps), from);
}

const reversed = (steps: Step[]): Step[] =>
  steps.map((s) => ({ link: s.link, from: s.to, out: s.in, to: s.from, in: s.out })).reverse();

const port = (node: GraphNode): PathPortIn => ({ interface_id: node.id, name: node.label });
const speedOf = (data: Record<string, unknown>) => (typeof data.speed_bps === 'number' ? data.speed_bps : 0);

function answer(map: HostLinks, steps: Step[], from: string): PathAnswer {
  const hostIds = [from, ...steps.map((s) => s.to)];
  const hops = hostIds.map((id, i): PathHop => {
    const host = map.hosts.get(id)!;
    const before = steps[i - 1];
    const after = steps[i];
    return {
      host_id: id,
      label: host.label,
      device_type: typeof host.data.device_type === 'string' ? host.data.device_type : 'Unknown',
      in: before ? port(before.in) : null,
      out: after ? { ...port(after.out), speed_bps: speedOf(after.out.data) } : null,
    };
  });
  const links = steps.map((s) => ({
    id: s.link.id,
    provenance: typeof s.link.data.provenance === 'string' ? s.link.data.provenance : 'manual',
    speed_bps: speedOf(s.link.data),
  }));
  return { found: true, hops, links };
}
