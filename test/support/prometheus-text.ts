/** One series of a scrape: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export type Samples = Sample[];

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses Prometheus' text exposition format (comments skipped). */
export function samplesOf(text: string): Samples {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one series of `name` with exactly these labels; fails when there is none. */
export function readSample(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples.filter((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted);
  if (found.length !== 1) {
    const seen = samples.filter((s) => s.name === name).map((s) => JSON.stringify(s.labels));
    throw new Error(
      `${name}${JSON.stringify(labels)}: ${found.length} series; ${name} has ${seen.join(' ') || 'none'}`,
    );
  }
  return found[0].value;
}
