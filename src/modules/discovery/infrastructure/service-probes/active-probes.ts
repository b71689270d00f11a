import type { ProbeAnswer } from '../../domain/service-signatures';
import { connectPlain, type ProbeTarget } from './connect';
import { SocketReader } from './socket-reader';

/** A probe that speaks first: what it sends, when the answer is complete, and what it says before leaving. */
interface ActiveProbe {
  payload: Buffer;
  complete: (received: Buffer) => boolean;
  farewell?: Buffer;
}

/** Redis: +PONG, then INFO server as one bulk string ($<length>), or errors (-NOAUTH) line by line. */
function redisAnswerComplete(received: Buffer): boolean {
  const text = received.toString('latin1');
  if (text.startsWith('-')) return text.includes('\r\n');
  const bulk = /^\+PONG\r\n\$(\d+)\r\n/.exec(text);
  if (bulk) return received.length >= bulk[0].length + Number(bulk[1]) + 2;
  return /^\+PONG\r\n[-+][^\r\n]*\r\n/.test(text);
}

/** MQTT 3.1.1 CONNECT (clean session, keep-alive 60 s, client id "netatlas"); DISCONNECT after the CONNACK. */
const MQTT_CONNECT = Buffer.from([
  0x10,
  0x14,
  0x00,
  0x04,
  0x4d,
  0x51,
  0x54,
  0x54,
  0x04,
  0x02,
  0x00,
  0x3c,
  0x00,
  0x08,
  ...Buffer.from('netatlas'),
]);

/** Keyed by the probe names of the rules (service-signature-rules.ts). */
export const ACTIVE_PROBES: Record<string, ActiveProbe> = {
  'redis-ping': { payload: Buffer.from('PING\r\nINFO server\r\n'), complete: redisAnswerComplete },
  // PostgreSQL's SSLRequest: length 8, code 80877103
  'postgres-sslrequest': { payload: Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]), complete: (r) => r.length >= 1 },
  'mqtt-connect': {
    payload: MQTT_CONNECT,
    complete: (received) => received.length >= 4,
    farewell: Buffer.from([0xe0, 0x00]),
  },
};

/** Connects, sends the probe, reads its answer (bounded by replyMs); undefined when nothing came back. */
export async function askActive(name: string, target: ProbeTarget, replyMs: number): Promise<ProbeAnswer | undefined> {
  const probe = ACTIVE_PROBES[name];
  const socket = await connectPlain(target);
  if (!probe || !socket) return undefined;
  try {
    const reader = new SocketReader(socket);
    socket.write(probe.payload);
    const answer = await reader.take(probe.complete, replyMs);
    if (probe.farewell && !reader.closed) socket.write(probe.farewell);
    return answer.length > 0 ? { probe: name, raw: answer.toString('latin1') } : undefined;
  } finally {
    socket.end();
    socket.destroy();
  }
}
