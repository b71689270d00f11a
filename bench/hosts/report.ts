import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Figure } from './figures';
import type { LoadResult } from './load';

export interface HostsBenchResult {
  at: string;
  commit: string;
  sizes: number[];
  connections: number;
  seconds_per_measure: number | null;
  requests_per_measure: number | null;
  figures: Figure[];
  /** Every load measure as autocannon reported it, by size and name. */
  loads: Record<string, Record<string, LoadResult>>;
  /** By size: null when the bare server's first page is the app's (timestamps to the second), else the first difference. */
  bare_page_difference: Record<string, string | null>;
}

const number = (value: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 1 }) : String(value);

/** The markdown table: measure, app, baseline, ratio, target, met? */
export function markdownTable(figures: Figure[]): string {
  const rows = figures.map((f) =>
    [
      `${f.size.toLocaleString('en-US')} hosts: ${f.measure}`,
      `${number(f.app)} ${f.unit}`,
      `${f.baseline_name}: ${number(f.baseline)}`,
      `x${f.ratio.toFixed(2)}`,
      f.target ? `${f.target.op} x${f.target.value.toFixed(2)}` : '',
      f.met === null ? '' : f.met ? 'yes' : '**no**',
    ].join(' | '),
  );
  return [
    '| measure | app | baseline | ratio | target | met? |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** Writes the result as JSON under `key`, keeping what other benches wrote to the same file. */
export function writeResult(file: string, key: string, result: HostsBenchResult, previous: Record<string, unknown>) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...previous, [key]: result }, null, 2)}\n`);
}
