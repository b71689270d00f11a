import { Socket } from 'node:net';
import { connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import type { CertificateFacts } from '../../domain/service-identification';

/** Where to probe and how long a connect or a reply may take. */
export interface ProbeTarget {
  address: string;
  port: number;
  timeoutMs: number;
}

/** A TCP connection, or undefined when it could not be made within the timeout. */
export function connectPlain({ address, port, timeoutMs }: ProbeTarget): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const fail = () => {
      socket.destroy();
      resolve(undefined);
    };
    socket.setTimeout(timeoutMs, fail);
    socket.once('error', fail);
    socket.connect(port, address, () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

/**
 * A TLS connection and the certificate shown, whatever it is (discovery reads certificates, it does not
 * trust them): old devices' protocols and ciphers are allowed too. Undefined when the handshake fails.
 */
export function connectTls({
  address,
  port,
  timeoutMs,
}: ProbeTarget): Promise<{ socket: TLSSocket; certificate: CertificateFacts } | undefined> {
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host: address,
      port,
      rejectUnauthorized: false,
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    const fail = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(undefined);
    };
    const timer = setTimeout(fail, timeoutMs);
    socket.once('error', fail);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.removeListener('error', fail);
      socket.on('error', () => undefined);
      resolve({ socket, certificate: factsOf(socket.getPeerCertificate()) });
    });
  });
}

/** A plain or TLS connection (with the certificate it showed), or undefined when none could be made. */
export async function connectTo(
  target: ProbeTarget,
  tls: boolean,
): Promise<{ socket: Socket | TLSSocket; certificate?: CertificateFacts } | undefined> {
  if (tls) return connectTls(target);
  const socket = await connectPlain(target);
  return socket && { socket };
}

const distinguishedName = (name: object | undefined) =>
  Object.entries(name ?? {})
    .map(([key, value]) => `${key}=${[value as string | string[]].flat().join('+')}`)
    .join(', ');

function factsOf(certificate: PeerCertificate): CertificateFacts {
  return {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    san: certificate.subjectaltname ?? '',
  };
}
