import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { faviconHash } from '../../src/modules/discovery/domain/favicon-hash';
import { identifyService } from '../../src/modules/discovery/infrastructure/service-probe';
import { LAB_FAVICON, type ServiceListener, ServiceListeners } from '../support/service-listeners';

/** Real listeners on 127.91.0.0/24, and the PostgreSQL the tests run against. */
describe('service identification against real listeners', () => {
  const listeners = new ServiceListeners('127.91.0');
  let byName: Record<string, ServiceListener>;
  const identify = (name: string) => identifyService(byName[name].address, byName[name].port, 1_000);

  beforeAll(async () => {
    byName = Object.fromEntries((await listeners.startAll()).map((l) => [l.name, l]));
  }, 30_000);
  afterAll(() => listeners.close());

  it("names Python's http.server by its Server header, not by docker-compose.yml in its listing", async () => {
    const found = await identify('python-http.server');
    expect(found).toEqual({
      port: byName['python-http.server'].port,
      service_definition: 'Http',
      product: 'SimpleHTTPServer',
      version: expect.stringMatching(/^\d+\.\d+$/),
      evidence: expect.stringMatching(/^Server: SimpleHTTP\/[\d.]+ Python\/3\.[\d.]+$/),
    });
  });

  it('reads web servers and applications from the head, the title, the realm and the redirect', async () => {
    expect(await identify('nginx')).toMatchObject({
      service_definition: 'Nginx',
      product: 'nginx',
      version: '1.25.3',
      evidence: 'Server: nginx/1.25.3',
    });
    expect(await identify('grafana')).toMatchObject({ service_definition: 'Grafana', evidence: 'title "Grafana"' });
    expect(await identify('traefik')).toMatchObject({ service_definition: 'Traefik', evidence: 'realm "traefik"' });
    expect(await identify('prometheus')).toMatchObject({
      service_definition: 'Prometheus',
      evidence: 'Location: /graph',
    });
  });

  it("asks a web server that named no application for /favicon.ico and gives the icon's Shodan hash", async () => {
    expect(await identify('favicon')).toEqual({
      port: byName.favicon.port,
      service_definition: 'Http',
      evidence: `HTTP 200, favicon hash ${faviconHash(LAB_FAVICON)}`,
    });
    // Python: mmh3.hash(base64.encodebytes(icon)) with mmh3 5.3.0, not this code
    expect(faviconHash(LAB_FAVICON)).toBe(1162314334);
  });

  it('finds TLS on a port that does not suggest it, and puts the certificate in the evidence', async () => {
    // Its page answers /favicon.ico too, over TLS: an HTML page is no icon, and adds nothing
    expect(await identify('tls')).toEqual({
      port: byName.tls.port,
      service_definition: 'Https',
      evidence: 'HTTP 200, TLS subject CN=grafana.lab',
    });
  });

  it('reads greetings: SSH, SMTP, FTP, POP3, IMAP and the MySQL protocol', async () => {
    const named = async (name: string) => {
      const { service_definition, product, version } = await identify(name);
      return [service_definition, product, version];
    };
    expect(await named('ssh')).toEqual(['Ssh', 'OpenSSH', '9.6p1']);
    expect(await named('smtp')).toEqual(['Smtp', 'Postfix smtpd', undefined]);
    expect(await named('ftp')).toEqual(['Ftp', 'vsftpd', '3.0.5']);
    expect(await named('pop3')).toEqual(['Pop3', 'Dovecot pop3d', undefined]);
    expect(await named('imap')).toEqual(['Imap', 'Dovecot imapd', undefined]);
    expect(await identify('mariadb')).toMatchObject({
      service_definition: 'MySql',
      product: 'MariaDB',
      version: '10.11.6',
      evidence: 'banner 5.5.5-10.11.6-MariaDB-0+deb12u1',
    });
  });

  it('names redis-server on any port: it drops a GET with a Host header, PING and INFO name it with its version', async () => {
    const version = /v=([\d.]+)/.exec(spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).stdout)![1];
    expect(await identify('redis-server')).toEqual({
      port: byName['redis-server'].port,
      service_definition: 'Redis',
      product: 'Redis',
      version,
      evidence: `answer to PING redis_version:${version}`,
    });
  });

  it('names an MQTT broker by its CONNACK', async () => {
    expect(await identify('mosquitto')).toMatchObject({
      service_definition: 'Mqtt',
      evidence: 'answer to CONNECT 20 02 00 00',
    });
  });

  it('names the PostgreSQL the tests run against by its answer to SSLRequest', async () => {
    const url = new URL(process.env.NETATLAS_TEST_ADMIN_URL!);
    const address = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
    expect(address).toMatch(/^127\./);
    const port = Number(url.port || 5432);
    expect(await identifyService(address, port, 1_000)).toEqual({
      port,
      service_definition: 'Postgres',
      evidence: expect.stringMatching(/^answer to SSLRequest [SN]$/),
    });
  });

  it('gives a silent port up within its budget: Custom, saying nothing was recognised', async () => {
    const silent: Server = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.91.0.99', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const started = Date.now();
      expect(await identifyService('127.91.0.99', port, 300)).toEqual({
        port,
        service_definition: 'Custom',
        evidence: 'nothing recognised',
      });
      expect(Date.now() - started).toBeLessThan(3 * 300 + 300 + 200);
    } finally {
      silent.close();
    }
  });
});
