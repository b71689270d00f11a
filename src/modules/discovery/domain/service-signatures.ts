/**
 * Service signatures as data, in the manner of nmap-service-probes' `match` lines (the rules themselves are
 * in service-signature-rules.ts): per probe, rules that read one field of that probe's answer and name
 * the service, with product and version taken from the regex's groups. Parsed once, at load.
 */
export interface SignatureRule {
  probe: string;
  /** A service definition of the catalogue. */
  definition: string;
  /** What of the answer the regex reads: `raw` (the whole answer) or a field (status, title, server, subject, ...). */
  field: string;
  pattern: RegExp;
  /** Templates: `$1`..`$9` are the regex's groups. */
  product?: string;
  version?: string;
  /** A softmatch only says what kind of service it is: other probes may still name it, and any hard match wins. */
  soft: boolean;
}

export interface Signatures {
  /** In file order, which is the order of preference. */
  rules: SignatureRule[];
  /** Probe names in file order. */
  probes: string[];
  /** Per probe, the ports it is tried on before anything else. */
  ports: Map<string, number[]>;
}

/** One answer to one probe: the bytes it received (as latin1 text) and, where it has them, its named parts. */
export interface ProbeAnswer {
  probe: string;
  raw: string;
  fields?: Readonly<Record<string, string>>;
}

export interface SignatureMatch {
  definition: string;
  product?: string;
  version?: string;
  /** What matched, for a person: `Server: nginx/1.25.3`, `banner SSH-2.0-OpenSSH_9.6`. */
  evidence: string;
  soft: boolean;
  field: string;
}

const FLAGS = /^[ism]*$/;
const DEFINITION = /^[A-Z][A-Za-z0-9]*$/;
const FIELD = /^[a-z][a-z0-9.-]*$/;

/** Reads the rules text; a line it cannot read is an error naming the line (the file ships with the code). */
export function parseSignatures(text: string): Signatures {
  const signatures: Signatures = { rules: [], probes: [], ports: new Map() };
  let probe: string | undefined;
  text.split('\n').forEach((source, index) => {
    const line = source.trim();
    if (line === '' || line.startsWith('#')) return;
    const fail = (why: string) => new Error(`service signatures line ${index + 1}: ${why}: ${line}`);
    const [keyword] = line.split(/\s/, 1);
    const rest = line.slice(keyword.length).trim();
    if (keyword === 'probe') {
      if (!/^[\w-]+$/.test(rest) || signatures.probes.includes(rest)) throw fail('a new probe name expected');
      probe = rest;
      signatures.probes.push(probe);
    } else if (keyword === 'ports') {
      const ports = rest.split(',').map(Number);
      if (!probe || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) throw fail('ports 1..65535');
      signatures.ports.set(probe, ports);
    } else if (keyword === 'match' || keyword === 'softmatch') {
      if (!probe) throw fail('a match before any probe');
      signatures.rules.push({ probe, soft: keyword === 'softmatch', ...parseMatch(rest, fail) });
    } else {
      throw fail('unknown keyword');
    }
  });
  return signatures;
}

/** `<Definition> [<field>] m|<regex>|<flags> [p/<product>/] [v/<version>/]`, any delimiter after m, p and v. */
function parseMatch(text: string, fail: (why: string) => Error): Omit<SignatureRule, 'probe' | 'soft'> {
  const [definition] = text.split(/\s/, 1);
  if (!DEFINITION.test(definition)) throw fail('a service definition expected');
  let rest = text.slice(definition.length).trim();
  let field = 'raw';
  if (!/^m[^\w\s]/.test(rest)) {
    [field] = rest.split(/\s/, 1);
    if (!FIELD.test(field)) throw fail('a field name expected');
    rest = rest.slice(field.length).trim();
  }
  const regex = delimited(rest, 'm', fail);
  const flags = /^\S*/.exec(regex.rest)![0];
  if (!FLAGS.test(flags)) throw fail('flags are i, s and m');
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex.value, flags);
  } catch (error) {
    throw fail((error as Error).message);
  }
  rest = regex.rest.slice(flags.length).trim();
  const templates: Record<string, string> = {};
  while (rest !== '') {
    const name = rest[0];
    if (!'pv'.includes(name) || name in templates) throw fail('p/…/ or v/…/ expected');
    const template = delimited(rest, name, fail);
    templates[name] = template.value;
    rest = template.rest.trim();
  }
  return { definition, field, pattern, product: templates.p, version: templates.v };
}

function delimited(text: string, letter: string, fail: (why: string) => Error) {
  const delimiter = text[1];
  const end = text.indexOf(delimiter, 2);
  if (text[0] !== letter || !delimiter || end < 0) throw fail(`${letter}<delimiter>…<delimiter> expected`);
  return { value: text.slice(2, end), rest: text.slice(end + 1) };
}

/** The first hard match of the answer's probe's rules, else its first softmatch. */
export function matchAnswer(signatures: Signatures, answer: ProbeAnswer): SignatureMatch | undefined {
  let soft: SignatureMatch | undefined;
  for (const rule of signatures.rules) {
    if (rule.probe !== answer.probe) continue;
    const text = rule.field === 'raw' ? answer.raw : answer.fields?.[rule.field];
    const groups = text === undefined ? null : rule.pattern.exec(text);
    if (!groups) continue;
    const fill = (template?: string) => template?.replace(/\$(\d)/g, (_, n: string) => groups[Number(n)] ?? '').trim();
    const match: SignatureMatch = {
      definition: rule.definition,
      evidence: evidenceOf(answer.probe, rule.field, text!, groups[0]),
      soft: rule.soft,
      field: rule.field,
    };
    const [product, version] = [fill(rule.product), fill(rule.version)];
    if (product) match.product = product;
    if (version) match.version = version;
    if (!rule.soft) return match;
    soft ??= match;
  }
  return soft;
}

/** Probes whose hard matches can name the definition: worth asking after a softmatch said only what kind it is. */
export function probesNaming(signatures: Signatures, definition: string): string[] {
  return signatures.probes.filter((probe) =>
    signatures.rules.some((r) => r.probe === probe && r.definition === definition && !r.soft),
  );
}

const RAW_LABELS: Record<string, string> = {
  NULL: 'banner',
  GetRequest: 'answer to GET /',
  'redis-ping': 'answer to PING',
  'postgres-sslrequest': 'answer to SSLRequest',
  'mqtt-connect': 'answer to CONNECT',
  favicon: 'favicon hash',
};
const FIELD_LABELS: Record<string, (value: string) => string> = {
  status: (value) => `HTTP ${value}`,
  title: (value) => `title "${value}"`,
  realm: (value) => `realm "${value}"`,
  subject: (value) => `TLS subject ${value}`,
  issuer: (value) => `TLS issuer ${value}`,
  san: (value) => `TLS SAN ${value}`,
};
const EVIDENCE_MAX = 120;

function evidenceOf(probe: string, field: string, text: string, matched: string): string {
  const evidence =
    field === 'raw'
      ? `${RAW_LABELS[probe] ?? probe} ${printable(matched)}`
      : field === 'json'
        ? `JSON ${matched.split('\n').join('; ')}`
        : (FIELD_LABELS[field]?.(text) ?? `${headerName(field)}: ${text}`);
  return evidence.length > EVIDENCE_MAX ? `${evidence.slice(0, EVIDENCE_MAX - 1)}…` : evidence;
}

/**
 * A banner's first line as text, with bytes that are not printable escaped (`AMQP\x00\x00\x09\x01`), or in
 * hex when they are most of it (MQTT's CONNACK: `20 02 00 00`).
 */
function printable(bytes: string): string {
  const line = bytes.split(/\r?\n/, 1)[0];
  const binary = line.match(/[^\x20-\x7e]/g)?.length ?? 0;
  if (binary * 2 > line.length)
    return [...bytes.slice(0, 16)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(' ');
  return line.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const headerName = (field: string) =>
  field.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
