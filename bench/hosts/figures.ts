import type { LoadResult } from './load';

/** A target on a ratio: at least (throughput) or at most (time, memory) `value`. */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

/** One row of the table: a figure of the app, the baseline it is compared with, their ratio and its target. */
export interface Figure {
  size: number;
  measure: string;
  unit: string;
  app: number;
  baseline_name: string;
  baseline: number;
  ratio: number;
  target: Target | null;
  met: boolean | null;
}

export function figure(
  size: number,
  measure: string,
  unit: string,
  app: number,
  baselineName: string,
  baseline: number,
  target: Target | null = null,
): Figure {
  const ratio = app / baseline;
  const met = target ? (target.op === '>=' ? ratio >= target.value : ratio <= target.value) : null;
  return { size, measure, unit, app, baseline_name: baselineName, baseline, ratio, target, met };
}

/**
 * Two rows for a load measure against another: throughput (req/s, higher is better) and p50 (ms). `within`
 * is the allowed slowdown: p50 at most within x the baseline's, throughput at least `throughput` x (default 1/within).
 */
export function compareLoads(
  size: number,
  measure: string,
  app: LoadResult,
  baselineName: string,
  baseline: LoadResult,
  within: number | null,
  throughput = within ? 1 / within : null,
): Figure[] {
  return [
    figure(
      size,
      `${measure}: throughput`,
      'req/s',
      app.rps,
      baselineName,
      baseline.rps,
      throughput ? { op: '>=', value: throughput } : null,
    ),
    figure(
      size,
      `${measure}: p50`,
      'ms',
      app.p50_ms,
      baselineName,
      baseline.p50_ms,
      within ? { op: '<=', value: within } : null,
    ),
  ];
}
