import type { SizeResult } from './run';

/** The issue's goals (#31 item 8). */
export const GOALS = {
  firstFrameAt100kMs: 2000,
  expandMs: 500,
  findMs: 500,
  longTaskMs: 50,
  firstFrameBytesAt100k: 1_000_000,
};

const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The results as a markdown table, one column per size, and the goals' verdicts. */
export function report(results: SizeResult[], rounds: number): string {
  const col = (f: (r: SizeResult) => string) => results.map(f).join(' | ');
  const lines = [
    `ui-topology bench, campus profile, Chromium headless, median of ${rounds} fresh loads after one to warm up`,
    '',
    `| measure | ${col((r) => `${r.hosts.toLocaleString('en')} hosts`)} |`,
    `|---|${col(() => '---')}|`,
    `| seeded by ingest | ${col((r) => `${(r.seed.ms / 1000).toFixed(0)} s (${r.seed.hosts_per_second.toFixed(0)} hosts/s)`)} |`,
    `| first frame answer: nodes, edges (nodes drawn) | ${col((r) => `${r.first_frame.nodes}, ${r.first_frame.edges} (${r.expand.nodes_before})`)} |`,
    `| first settled frame (nav. start to mark) | ${col((r) => ms(r.first_frame.ms))} |`,
    `| baseline /hosts (table's first row) | ${col((r) => ms(r.hosts_page.ms))} |`,
    `| time ratio to /hosts | ${col((r) => `x${r.time_ratio.toFixed(2)}`)} |`,
    `| JS heap (ratio to /hosts) | ${col((r) => `${r.first_frame.heap_mb.toFixed(1)} MB (x${r.heap_ratio.toFixed(2)})`)} |`,
    `| expand the biggest group: click to frame | ${col((r) => `${ms(r.expand.ms)} (${r.expand.members} members, ${r.expand.nodes_before} → ${r.expand.nodes_after} nodes)`)} |`,
    `| canvas mounted again on expand / find | ${col((r) => `${r.expand.remounted ? 'yes' : 'no'} / ${r.find.remounted ? 'yes' : 'no'}`)} |`,
    `| find: input to option | ${col((r) => ms(r.find.option_ms))} |`,
    `| find: pick to drawn and selected | ${col((r) => ms(r.find.reveal_ms))} |`,
    `| long tasks panning and zooming: count, longest | ${col((r) => `${r.long_tasks.count}, ${ms(r.long_tasks.longest_ms)}`)} |`,
    `| first frame JSON (group=auto) | ${col((r) => `${(r.api.first_frame_bytes / 1024).toFixed(1)} KiB`)} |`,
    `| API: topology group=auto | ${col((r) => ms(r.api.topology_ms))} |`,
    `| API: topology with the group expanded | ${col((r) => `${ms(r.api.expand_ms)}, ${(r.api.expand_bytes / 1024).toFixed(0)} KiB`)} |`,
    `| API: find | ${col((r) => `${ms(r.api.find_ms)} (${r.api.find_matches} matches)`)} |`,
    '',
  ];
  const at = (hosts: number) => results.find((r) => r.hosts === hosts);
  const big = at(100_000);
  const ten = at(10_000);
  if (big)
    lines.push(
      `goal: first frame at 100k under ${GOALS.firstFrameAt100kMs} ms: ${verdict(big.first_frame.ms < GOALS.firstFrameAt100kMs)} (${ms(big.first_frame.ms)}${ten ? `, x${(big.first_frame.ms / ten.first_frame.ms).toFixed(2)} the 10k time` : ''})`,
      `goal: first frame JSON at 100k under 1 MB: ${verdict(big.api.first_frame_bytes < GOALS.firstFrameBytesAt100k)} (${big.api.first_frame_bytes} B)`,
    );
  for (const r of results)
    lines.push(
      `goal at ${r.hosts}: expand under ${GOALS.expandMs} ms ${verdict(r.expand.ms < GOALS.expandMs)}; find under ${GOALS.findMs} ms: option ${verdict(r.find.option_ms < GOALS.findMs)}, revealed ${verdict(r.find.reveal_ms < GOALS.findMs)}`,
    );
  if (ten)
    lines.push(
      `goal: no long task over ${GOALS.longTaskMs} ms panning and zooming at 10k: ${verdict(ten.long_tasks.count === 0)} (${ten.long_tasks.count}, longest ${ms(ten.long_tasks.longest_ms)})`,
    );
  return lines.join('\n');
}
