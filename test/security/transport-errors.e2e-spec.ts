import { connect, type Socket } from 'node:net';
import { createTestApp, type TestApp } from '../support/test-app';

/** What a raw socket got back: the status, the headers (lower-cased), the body, and how it ended. */
interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
  ended: 'end' | 'reset' | 'open';
  elapsedMs: number;
}

function parse(raw: string): Omit<RawReply, 'ended' | 'elapsedMs' | 'raw'> {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Sends bytes exactly as given (inject cannot send what Node's parser refuses) and reads until the close. */
function rawRequest(
  port: number,
  chunks: Buffer[],
  { waitMs = 5_000, onSocket }: { waitMs?: number; onSocket?: (socket: Socket) => void } = {},
): Promise<RawReply> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let ended: RawReply['ended'] = 'open';
    const finish = () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received).toString('utf8');
      resolve({ ...parse(raw), raw, ended, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, waitMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => (ended = 'reset'));
    socket.on('end', () => (ended = ended === 'open' ? 'end' : ended));
    socket.on('close', finish);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      onSocket?.(socket);
    });
  });
}

const request = (target: string | Buffer) =>
  Buffer.concat([
    Buffer.from('GET '),
    Buffer.from(target),
    Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
  ]);

function expectEnvelope400(reply: RawReply, mustNotContain: string[] = []) {
  expect(reply.status).toBe(400);
  expect(reply.ended).not.toBe('reset');
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['content-security-policy']).toBeDefined();
  const body = JSON.parse(reply.body) as {
    success: boolean;
    code: string;
    error: string;
    meta: { request_id: string };
  };
  expect(body).toMatchObject({ success: false, code: 'validation_failed' });
  expect(body.meta.request_id).toBe(reply.headers['x-request-id']);
  for (const text of mustNotContain) expect(reply.raw).not.toContain(text);
  return body;
}

describe('requests that fail before routing (raw sockets against a listening app)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: { HTTP_HEADERS_TIMEOUT_MS: '600', HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '1000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.getHttpServer().address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('a bad percent-encoding in the path: 400 in the envelope, the path not reflected', async () => {
    const reply = await rawRequest(port, [request('/api/v1/hosts/%zz-marker')]);
    const body = expectEnvelope400(reply, ['%zz', 'marker']);
    expect(body.error).toMatch(/percent-encoded/);
    // counted against the caller like any response
    expect(reply.headers['x-ratelimit-limit']).toBe('300');
    expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it('a 10 KB path parameter: 400 in the envelope, the path not echoed', async () => {
    const long = 'x'.repeat(10 * 1024);
    expectEnvelope400(await rawRequest(port, [request(`/api/v1/hosts/${long}`)]), ['xxxxxxxxxx']);
  });

  it('a 100 KB query: 400 in the envelope and a clean close, no reset', async () => {
    const query = `?q=${'y'.repeat(100 * 1024)}`;
    const body = expectEnvelope400(await rawRequest(port, [request(`/api/v1/hosts${query}`)]), ['yyyyyyyyyy']);
    expect(body.error).toMatch(/16 KB/);
  });

  it('NUL or invalid UTF-8 in the request line: an envelope error, never a 500', async () => {
    expectEnvelope400(await rawRequest(port, [request(Buffer.from('/api/v1/hosts/\u0000nul'))]), ['nul']);
    // raw bytes that are not UTF-8: refused by the parser or routed as an unknown path, both in the envelope
    const bad = await rawRequest(port, [request(Buffer.from([0x2f, 0x61, 0x70, 0x69, 0xff, 0xfe]))]);
    expect([400, 404]).toContain(bad.status);
    expect(bad.headers['x-request-id']).toBeDefined();
    expect(JSON.parse(bad.body)).toMatchObject({ success: false });
    const encoded = await rawRequest(port, [request('/api/v1/hosts/%ff%fe')]);
    expectEnvelope400(encoded, ['%ff']);
  });

  it('garbage instead of a request line: 400 in the envelope', async () => {
    expectEnvelope400(await rawRequest(port, [Buffer.from('NOT HTTP AT ALL\r\n\r\n')]));
  });

  it('an idle connection is closed within the limit', async () => {
    const reply = await rawRequest(port, [], { waitMs: 5_000 });
    expect(reply.ended).not.toBe('open');
    expect(reply.elapsedMs).toBeLessThan(3_000);
  });

  it('a client dribbling its headers or its body is closed within the limit', async () => {
    const headers = await rawRequest(port, [Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\n')], {
      waitMs: 5_000,
      onSocket: (socket) => {
        const drip = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 100);
        socket.on('close', () => clearInterval(drip));
      },
    });
    expect(headers.ended).not.toBe('open');
    expect(headers.elapsedMs).toBeLessThan(3_000);

    const body = await rawRequest(
      port,
      [
        Buffer.from(
          'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        ),
      ],
      {
        waitMs: 5_000,
        onSocket: (socket) => {
          const drip = setInterval(() => socket.writable && socket.write(' '), 100);
          socket.on('close', () => clearInterval(drip));
        },
      },
    );
    expect(body.ended).not.toBe('open');
    expect(body.elapsedMs).toBeLessThan(3_500);
  });
});
