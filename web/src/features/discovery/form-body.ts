import { ApiError } from '../../api/errors';
import type { RunBody } from './api';

export type PortChoice = 'top100' | 'top1000' | 'custom';

/** The run fields as the form holds them (text the person typed). */
export interface RunFormValues {
  networkId: string;
  targets: string;
  portChoice: PortChoice;
  customPorts: string;
  snmp: boolean;
  timeoutMs: string;
  concurrency: string;
}

export const emptyRunForm = (networkId = ''): RunFormValues => ({
  networkId,
  targets: '',
  portChoice: 'top100',
  customPorts: '',
  snmp: false,
  timeoutMs: '1000',
  concurrency: '512',
});

export type RunFormErrors = Partial<Record<'network_id' | 'targets' | 'ports' | 'timeout_ms' | 'concurrency', string>>;

/** Targets typed one a line, or separated by commas or spaces. */
export const splitTargets = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);

/** "22, 80, 8000-8010" → [22, 80, 8000, …, 8010]; a message for the first thing that is not a port. */
export function parsePorts(text: string): { ports: number[] } | { error: string } {
  const ports = new Set<number>();
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return { error: 'Enter at least one port, e.g. 22, 80, 443 or 8000-8010' };
  for (const part of parts) {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
    const from = match ? Number(match[1]) : NaN;
    const to = match?.[2] ? Number(match[2]) : from;
    if (!match || from < 1 || to > 65535 || to < from)
      return { error: `"${part}" is not a port (1–65535) or a range such as 8000-8010` };
    if (to - from > 65535 || ports.size + (to - from) > 65535) return { error: 'Too many ports' };
    for (let p = from; p <= to; p++) ports.add(p);
  }
  return { ports: [...ports] };
}

const wholeIn = (text: string, min: number, max: number) => {
  if (!/^\d+$/.test(text.trim())) return false;
  const n = Number(text);
  return n >= min && n <= max;
};

/** The body for POST /runs (or the run part of a schedule), or the errors to show under each field. */
export function toRunBody(values: RunFormValues): { body: RunBody } | { errors: RunFormErrors } {
  const errors: RunFormErrors = {};
  if (!values.networkId) errors.network_id = 'Choose the network the results go to';
  const targets = splitTargets(values.targets);
  if (targets.length === 0) errors.targets = 'Enter at least one address, CIDR or range';
  else if (targets.length > 1000) errors.targets = 'At most 1000 targets';
  let ports: RunBody['ports'] = values.portChoice === 'custom' ? [] : values.portChoice;
  if (values.portChoice === 'custom') {
    const parsed = parsePorts(values.customPorts);
    if ('error' in parsed) errors.ports = parsed.error;
    else ports = parsed.ports;
  }
  if (!wholeIn(values.timeoutMs, 50, 60000)) errors.timeout_ms = 'A whole number of milliseconds from 50 to 60000';
  if (!wholeIn(values.concurrency, 1, 4096)) errors.concurrency = 'A whole number from 1 to 4096';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      network_id: values.networkId,
      targets,
      ports,
      snmp: values.snmp,
      timeout_ms: Number(values.timeoutMs),
      concurrency: Number(values.concurrency),
    },
  };
}

interface FieldError {
  field: string;
  message: string;
}

/**
 * The API's validation errors by form field: `targets[2]` goes under Targets, naming the target
 * ("192.0.2.1/8: …") so a person knows which line to fix.
 */
export function serverFieldErrors(error: unknown, targets: readonly string[] = []): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.params.errors)) return {};
  const out: Record<string, string> = {};
  for (const e of error.params.errors as FieldError[]) {
    const match = /^([a-z_]+)(?:\[(\d+)\])?/.exec(e.field ?? '');
    if (!match) continue;
    const [, field, index] = match;
    const message =
      index !== undefined && targets[Number(index)] ? `${targets[Number(index)]}: ${e.message}` : e.message;
    out[field] = out[field] ? `${out[field]}; ${message}` : message;
  }
  return out;
}
