import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * Real services on loopback addresses for identification tests and the agreement bench against nmap -sV:
 * Python's http.server, Node servers speaking as nginx, Grafana, Traefik, Prometheus, a page with a
 * favicon, SSH, SMTP, FTP, POP3, IMAP and MariaDB would, a TLS server with a certificate made now, and
 * redis-server and mosquitto. Every listener has its own address of `prefix`.
 */
export interface ServiceListener {
  name: string;
  address: string;
  port: number;
}

const MARIADB_VERSION = '5.5.5-10.11.6-MariaDB-0+deb12u1';

/** A MariaDB server's protocol greeting (protocol 10, version, thread id, salt, capabilities, auth plugin). */
function mariaDbGreeting(): Buffer {
  const body = Buffer.concat([
    Buffer.from([0x0a]),
    Buffer.from(`${MARIADB_VERSION}\0`),
    Buffer.from([7, 0, 0, 0]),
    Buffer.from('abcdefgh\0'),
    Buffer.from([0xfe, 0xf7, 0x2d, 0x02, 0x00, 0xff, 0x81, 0x15]),
    Buffer.alloc(10),
    Buffer.from('ijklmnopqrst\0mysql_native_password\0'),
  ]);
  return Buffer.concat([Buffer.from([body.length, 0, 0, 0]), body]);
}

const GREETERS: Record<string, string | Buffer> = {
  ssh: 'SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n',
  smtp: '220 mail.lab ESMTP Postfix (Debian/GNU)\r\n',
  ftp: '220 (vsFTPd 3.0.5)\r\n',
  pop3: '+OK Dovecot ready.\r\n',
  imap: '* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE AUTH=PLAIN] Dovecot ready.\r\n',
  mariadb: mariaDbGreeting(),
};

/**
 * A small icon made here (an ICO header and a pattern, 120 bytes, three lines of base64): its favicon hash
 * was computed outside Netatlas, with Python's mmh3 and base64.encodebytes, as 1162314334.
 */
export const LAB_FAVICON = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0]),
  Buffer.from(Array.from({ length: 114 }, (_, i) => (i * 7) & 0xff)),
]);

const PAGES: Record<string, RequestListener> = {
  nginx: (_req, res) => {
    res.setHeader('Server', 'nginx/1.25.3');
    res.end('<html><head><title>Welcome to nginx!</title></head></html>');
  },
  grafana: (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    res.end('<html><head><title>Grafana</title><script>window.grafanaBootData = {};</script></head></html>');
  },
  traefik: (_req, res) => {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="traefik"', 'Content-Type': 'text/plain' });
    res.end('401 Unauthorized\n');
  },
  prometheus: (_req, res) => {
    res.writeHead(302, { Location: '/graph', 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<a href="/graph">Found</a>.\n');
  },
  // A web application its page does not name: only its icon might
  favicon: (req, res) => {
    if (req.url === '/favicon.ico') {
      res.writeHead(200, { 'Content-Type': 'image/x-icon' });
      res.end(LAB_FAVICON);
      return;
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<html><head><title>Lab box</title><link rel="icon" href="/favicon.ico"></head></html>');
  },
};

export class ServiceListeners {
  readonly listening: ServiceListener[] = [];
  private readonly closers: (() => Promise<void>)[] = [];
  private next = 2;

  constructor(private readonly prefix: string) {
    if (!prefix.startsWith('127.')) throw new Error(`service listeners live on 127.0.0.0/8 only, not ${prefix}`);
  }

  /** Every listener (redis-server and mosquitto come from Debian: .ci/run installs them). */
  async startAll(): Promise<ServiceListener[]> {
    await this.python();
    for (const name of Object.keys(PAGES)) await this.node(name, createHttpServer(PAGES[name]) as unknown as Server);
    await this.tls();
    for (const name of Object.keys(GREETERS)) await this.node(name, greeter(GREETERS[name]));
    await this.redis();
    await this.mosquitto();
    return this.listening;
  }

  async close(): Promise<void> {
    await Promise.all(this.closers.map((close) => close()));
  }

  private address() {
    return `${this.prefix}.${this.next++}`;
  }

  private async node(name: string, server: Server) {
    const address = this.address();
    const sockets = new Set<Socket>();
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    this.listening.push({ name, address, port: (server.address() as { port: number }).port });
    this.closers.push(() => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }

  /** `python3 -m http.server` serving a directory whose listing names docker-compose.yml. */
  private async python() {
    const directory = this.temporaryDirectory();
    writeFileSync(join(directory, 'docker-compose.yml'), 'services:\n  grafana:\n    image: grafana/grafana\n');
    await this.child('python-http.server', (address, port) =>
      spawn('python3', ['-m', 'http.server', String(port), '--bind', address, '--directory', directory]),
    );
  }

  /** An HTTPS server with a self-signed certificate for grafana.lab, made with the openssl CLI now. */
  private async tls() {
    const directory = this.temporaryDirectory();
    const [key, cert] = [join(directory, 'key.pem'), join(directory, 'cert.pem')];
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=grafana.lab', '-addext', 'subjectAltName=DNS:grafana.lab', '-keyout', key, '-out', cert,
    ], { stdio: 'ignore' }); // prettier-ignore
    const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) =>
      res.end('<html><body>hello</body></html>'),
    );
    await this.node('tls', server as unknown as Server);
  }

  private async redis() {
    await this.child('redis-server', (address, port) =>
      spawn('redis-server', ['--port', String(port), '--bind', address, '--save', '', '--appendonly', 'no']),
    );
  }

  private async mosquitto() {
    const config = join(this.temporaryDirectory(), 'mosquitto.conf');
    await this.child('mosquitto', (address, port) => {
      writeFileSync(config, `listener ${port} ${address}\nallow_anonymous true\npersistence false\n`);
      return spawn('mosquitto', ['-c', config]);
    });
  }

  /** A program listening on a free port of a new address, ready once it accepts a connection. */
  private async child(name: string, start: (address: string, port: number) => ChildProcess) {
    const [address, port] = [this.address(), await freePort()];
    const child = start(address, port);
    child.stdout?.resume();
    child.stderr?.resume();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.closers.push(() => {
      child.kill();
      return exited;
    });
    for (const deadline = Date.now() + 10_000; !(await accepts(address, port));) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`${name} did not start on ${address}:${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.listening.push({ name, address, port });
  }

  private temporaryDirectory() {
    const directory = mkdtempSync(join(tmpdir(), 'netatlas-services-'));
    this.closers.push(async () => rmSync(directory, { recursive: true, force: true }));
    return directory;
  }
}

/** A server-first service: greets each connection and keeps it open, as sshd or an SMTP server does. */
const greeter = (greeting: string | Buffer) => createServer((socket) => socket.write(greeting));

const accepts = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('error', () => done(false)).connect(port, address, () => done(true));
  });
