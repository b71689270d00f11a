/**
 * The parts of an answer to `GET /` that signatures read: `status`, every header by its lower-case name
 * (`server`, `x-powered-by`, `location`, ...), `realm` of WWW-Authenticate, the page's `title`, and `json`:
 * a JSON object body flattened to sorted `path=value` lines. Never the body's text as a whole.
 */
export function httpFields(answer: string): Record<string, string> | undefined {
  const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(answer);
  if (!status) return undefined;
  const { head, body } = split(answer);
  const fields: Record<string, string> = {};
  for (const line of head.split(/\r?\n/).slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    fields[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  fields.status = status[1];
  const realm = /realm="([^"]*)"/i.exec(fields['www-authenticate'] ?? '')?.[1];
  if (realm !== undefined) fields.realm = realm;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1];
  if (title !== undefined) fields.title = decodeEntities(title).replace(/\s+/g, ' ').trim();
  const json = flattenJson(body);
  if (json) fields.json = json;
  return fields;
}

/**
 * Enough of an answer to GET / to name the service: a head and its Content-Length of body, else (no
 * length) a head with the title or a 3xx-5xx status; a first line of anything else (an error). Otherwise
 * the server's close, the read limit or the wait decides.
 */
export function httpAnswerComplete(received: string): boolean {
  if (!received.startsWith('HTTP/')) return received.includes('\n');
  const end = /\r?\n\r?\n/.exec(received);
  if (!end) return false;
  const length = /^content-length:\s*(\d+)/im.exec(received.slice(0, end.index))?.[1];
  if (length !== undefined) return received.length - end.index - end[0].length >= Number(length);
  return /<\/title>/i.test(received) || /^HTTP\/[\d.]+ [345]/.test(received);
}

/**
 * A whole answer to a GET of a file (`/favicon.ico`): its head and Content-Length of body, or a head of
 * another status than 200. A body without a length ends when the server closes.
 */
export function httpFileComplete(received: Buffer): boolean {
  const file = readFile(received);
  return file !== undefined && (file.status !== '200' || file.missing === 0);
}

/**
 * The body of a whole 200 answer to a GET of a file; undefined for another status, no body, a body cut
 * short of its Content-Length, a chunked one, or an HTML page (a site's page for every path is no file).
 */
export function httpFileBody(answer: Buffer): Buffer | undefined {
  const file = readFile(answer);
  if (!file || file.status !== '200' || file.missing || file.body.length === 0) return undefined;
  if (/^transfer-encoding:.*chunked/im.test(file.head) || /^content-type:\s*text\/html/im.test(file.head))
    return undefined;
  return /^\s*<(?:!doctype html|html)\b/i.test(file.body.subarray(0, 64).toString('latin1')) ? undefined : file.body;
}

/** Status, head and body (bytes) of an HTTP answer, and how many bytes its Content-Length still waits for. */
function readFile(answer: Buffer) {
  const text = answer.toString('latin1');
  const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(text)?.[1];
  const end = /\r?\n\r?\n/.exec(text);
  if (!status || !end) return undefined;
  const head = text.slice(0, end.index);
  const start = end.index + end[0].length;
  const length = /^content-length:\s*(\d+)/im.exec(head)?.[1];
  const body = answer.subarray(start, length === undefined ? undefined : start + Number(length));
  return { status, head, body, missing: length === undefined ? undefined : Number(length) - body.length };
}

function split(answer: string) {
  const end = /\r?\n\r?\n/.exec(answer);
  return end
    ? { head: answer.slice(0, end.index), body: answer.slice(end.index + end[0].length) }
    : { head: answer, body: '' };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** `{"version":{"number":"8.1"},"tagline":"x"}` → "tagline=x\nversion.number=8.1" (arrays left out). */
function flattenJson(body: string): string | undefined {
  if (!body.trimStart().startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const lines: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) return;
    if (node !== null && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    else if (path) lines.push(`${path}=${String(node).replace(/\s+/g, ' ')}`);
  };
  walk(value, '');
  return lines.length > 0 ? lines.sort().join('\n') : undefined;
}
