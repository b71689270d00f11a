import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The secret scan of #17 (item 5). Every test process writes, under one folder per `jest` run, the secrets
 * its tests sent (passwords, API keys, session ids, SNMP community/auth/priv values) and what it saw come
 * back (response bodies and headers, the app's log lines); the global teardown reads them all and fails
 * the run when anything seen holds a secret, a password hash or an API key, naming where.
 *
 * Allowed: a key's secret in the answer to its create or rotate call (the one time it is shown), a session
 * id in Set-Cookie (headers other than Set-Cookie are scanned).
 */

export interface Secret {
  kind: string;
  value: string;
}
export interface Seen {
  /** What produced the text: `POST /api/v1/hosts 201 body`, `log`, ... and the test file. */
  where: string;
  text: string;
}
export interface Leak {
  where: string;
  what: string;
}

/** Shorter values (`x`, `public`) would match ordinary text; the tests' real secrets are longer. */
const MIN_SECRET_LENGTH = 8;

/** Found whatever the tests recorded: a password hash, a whole API key secret. */
const PATTERNS: [string, RegExp][] = [
  ['argon2 password hash', /\$argon2(?:id|i|d)\$/],
  ['API key secret', /nta_[A-Za-z0-9_-]{43}/],
];

/** Pure: the places where something seen holds a secret or matches a secret's shape. */
export function findLeaks(secrets: readonly Secret[], seen: readonly Seen[]): Leak[] {
  const byValue = new Map<string, string>();
  for (const s of secrets) if (s.value.length >= MIN_SECRET_LENGTH) byValue.set(s.value, s.kind);
  const values = [...byValue.keys()].sort((a, b) => b.length - a.length);
  const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const matchers: RegExp[] = [];
  for (let i = 0; i < values.length; i += 400)
    matchers.push(
      new RegExp(
        values
          .slice(i, i + 400)
          .map(escape)
          .join('|'),
      ),
    );
  const leaks: Leak[] = [];
  for (const { where, text } of seen) {
    for (const [what, pattern] of PATTERNS) {
      const m = pattern.exec(text);
      if (m) leaks.push({ where, what: `${what} (${m[0].slice(0, 12)}...)` });
    }
    for (const matcher of matchers) {
      const m = matcher.exec(text);
      if (m) leaks.push({ where, what: `${byValue.get(m[0])} (${m[0].slice(0, 4)}...)` });
    }
  }
  return leaks;
}

// ---------------------------------------------------------------------------------------------------------
// Recording, in each test process (files named after the process, appended line by line).

export const SCAN_DIR_ENV = 'NETATLAS_SECRET_SCAN_DIR';

export function scanDirFor(runId: string): string {
  return join(tmpdir(), `netatlas-secret-scan-${runId}`);
}

const dir = () => process.env[SCAN_DIR_ENV];

function append(file: string, record: unknown) {
  const folder = dir();
  if (!folder) return; // outside a jest run with the global setup (a single file run by hand still has it)
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, `${file}-${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
}

const testName = () => {
  const state = (
    globalThis as { expect?: { getState?: () => { testPath?: string; currentTestName?: string } } }
  ).expect?.getState?.();
  return state
    ? `${(state.testPath ?? '').replace(/^.*?\/(test|src|web)\//, '$1/')} › ${state.currentTestName ?? ''}`
    : '';
};

/** The redaction marker (`********`) a client sends back to keep a stored secret is no secret. */
const REDACTION_MARKER = /^\*+$/;

export function recordSecret(kind: string, value: unknown): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH && !REDACTION_MARKER.test(value))
    append('secrets', { kind, value });
}

export function recordSeen(where: string, text: string): void {
  if (text) append('seen', { where: `${where} [${testName()}]`, text });
}

/** Field names whose string values in a request body are secrets. */
const SECRET_FIELDS =
  /^(password|new_password|current_password|passphrase|community|auth_password|priv_password|secret|value)$/;

/** Secrets in a request body: password fields, inline SNMP secrets (`{mode: 'Inline', value}`), communities. */
export function recordRequestSecrets(body: unknown, parentKey = ''): void {
  if (Array.isArray(body)) return body.forEach((item) => recordRequestSecrets(item, parentKey));
  if (typeof body !== 'object' || body === null) return;
  const record = body as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') {
      const inlineValue = key === 'value' && record.mode === 'Inline';
      if ((key !== 'value' && SECRET_FIELDS.test(key)) || inlineValue) recordSecret(`${parentKey || key} sent`, value);
    } else recordRequestSecrets(value, key);
  }
}

/**
 * One HTTP exchange a test made: records the secrets it sent and was given (keys, session ids), then what it
 * saw, minus what may show a secret (a key's create/rotate answer, Set-Cookie).
 */
export function recordExchange(
  method: string,
  url: string,
  requestBody: unknown,
  status: number,
  headers: Record<string, unknown>,
  body: unknown,
): void {
  if (!dir()) return;
  recordRequestSecrets(requestBody);
  const path = url.split('?')[0];
  for (const cookie of ([] as unknown[]).concat(headers['set-cookie'] ?? []))
    recordSecret('session id', /session_id=([^;]+)/.exec(String(cookie))?.[1]);
  let shown = body;
  const issuesKey = method === 'POST' && /^\/api\/v1\/auth\/keys(\/[^/]+\/rotate)?$/.test(path);
  const data = (body as { data?: { key?: unknown } } | undefined)?.data;
  if (issuesKey && typeof data?.key === 'string') {
    recordSecret('API key secret', data.key);
    shown = { ...(body as object), data: { ...data, key: '[shown once: its create/rotate answer]' } };
  }
  const { 'set-cookie': _allowed, ...otherHeaders } = headers;
  recordSeen(`${method} ${url.slice(0, 200)} ${status} headers`, JSON.stringify(otherHeaders));
  recordSeen(
    `${method} ${url.slice(0, 200)} ${status} body`,
    typeof shown === 'string' ? shown : JSON.stringify(shown),
  );
}

function readJsonl<T>(folder: string, prefix: string): T[] {
  return readdirSync(folder)
    .filter((f) => f.startsWith(`${prefix}-`))
    .flatMap((f) =>
      readFileSync(join(folder, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
}

/** The global teardown's part: the leaks of the whole run, as a message, or null when clean. */
export function scanRun(folder: string): string | null {
  if (!existsSync(folder)) return null;
  const leaks = findLeaks(readJsonl<Secret>(folder, 'secrets'), readJsonl<Seen>(folder, 'seen'));
  if (!leaks.length) return null;
  const lines = leaks.slice(0, 50).map((l) => `  - ${l.what} in ${l.where}`);
  return `Secret scan: ${leaks.length} leak(s) in responses or logs (records kept in ${folder}):\n${lines.join('\n')}`;
}
