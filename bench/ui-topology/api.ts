import { performance } from 'node:perf_hooks';
import type { ApiCall } from '../../scripts/seed-network';

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Median time (in process, app.inject: routing to the last byte, no socket) and bytes of `rounds` GETs. */
export async function timedGet(
  call: ApiCall,
  path: string,
  rounds: number,
): Promise<{ ms: number; bytes: number; body: string }> {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const reply = await call('GET', path);
    times.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${reply.body.slice(0, 300)}`);
    body = reply.body;
  }
  return { ms: median(times), bytes: Buffer.byteLength(body), body };
}

interface TopologyNode {
  id: string;
  kind: string;
  data: { member_count?: number; group_kind?: string };
}

/** The first frame's answer: its node count, and the group with the most members (the one Expand opens). */
export function firstFrameGroups(body: string): { nodes: number; edges: number; biggest: TopologyNode | undefined } {
  const { nodes, edges } = (JSON.parse(body) as { data: { nodes: TopologyNode[]; edges: unknown[] } }).data;
  const groups = nodes.filter((n) => n.kind === 'group');
  const biggest = groups.sort((a, b) => (b.data.member_count ?? 0) - (a.data.member_count ?? 0))[0];
  return { nodes: nodes.length, edges: edges.length, biggest };
}
