import { CATALOGUE } from './service-catalogue';
import { SERVICE_SIGNATURE_RULES } from './service-signature-rules';
import { httpFields } from './http-answer';
import { matchAnswer, parseSignatures, probesNaming } from './service-signatures';

const shipped = parseSignatures(SERVICE_SIGNATURE_RULES);
const http = (head: string, body = '') => {
  const raw = `${head.trim().split('\n').join('\r\n')}\r\n\r\n${body}`;
  return { probe: 'GetRequest', raw, fields: httpFields(raw) };
};
const banner = (raw: string) => ({ probe: 'NULL', raw });
const identify = (answer: Parameters<typeof matchAnswer>[1]) => {
  const match = matchAnswer(shipped, answer);
  return match && [match.definition, match.product, match.version, match.evidence];
};

describe('service signatures: the rules format', () => {
  const rules = parseSignatures(String.raw`
    # a comment
    probe NULL
    match Ssh m|^SSH-[\d.]+-OpenSSH_([\w.]+)| p/OpenSSH/ v/$1/
    softmatch Ssh m%^SSH-(?:1|2)% p=generic $1=

    probe GetRequest
    ports 80,8080
    match Nginx server m|^NGINX(?:/([\d.]+))?|i p/nginx/ v/$1/
  `);

  it('reads probes, their ports, hard and soft matches with fields, flags, any delimiter and templates', () => {
    expect(rules.probes).toEqual(['NULL', 'GetRequest']);
    expect(rules.ports).toEqual(new Map([['GetRequest', [80, 8080]]]));
    expect(rules.rules).toEqual([
      expect.objectContaining({ probe: 'NULL', definition: 'Ssh', field: 'raw', soft: false, version: '$1' }),
      expect.objectContaining({ probe: 'NULL', definition: 'Ssh', field: 'raw', soft: true, product: 'generic $1' }),
      expect.objectContaining({ probe: 'GetRequest', definition: 'Nginx', field: 'server', soft: false }),
    ]);
    expect(rules.rules[2].pattern.flags).toBe('i');
  });

  it('fills product and version from the groups; a hard match wins over an earlier softmatch', () => {
    expect(matchAnswer(rules, banner('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3\r\n'))).toEqual({
      definition: 'Ssh',
      product: 'OpenSSH',
      version: '9.6p1',
      evidence: 'banner SSH-2.0-OpenSSH_9.6p1',
      soft: false,
      field: 'raw',
    });
    expect(matchAnswer(rules, banner('SSH-1.99-Cisco-1.25\r\n'))).toMatchObject({ soft: true, product: 'generic' });
    const nginx = { probe: 'GetRequest', raw: '', fields: { server: 'nginx' } };
    expect(matchAnswer(rules, nginx)).toEqual({
      definition: 'Nginx',
      product: 'nginx',
      evidence: 'Server: nginx',
      soft: false,
      field: 'server',
    });
    expect(matchAnswer(rules, { probe: 'GetRequest', raw: 'Server: nginx' })).toBeUndefined();
    expect(matchAnswer(rules, { probe: 'tls', raw: 'SSH-2.0-OpenSSH_9.6' })).toBeUndefined();
  });

  it('refuses what it cannot read, naming the line', () => {
    const fails = (text: string) => () => parseSignatures(text);
    expect(fails('match Ssh m|x|')).toThrow(/line 1: a match before any probe/);
    expect(fails('probe NULL\nmatch ssh m|x|')).toThrow(/line 2: a service definition expected/);
    expect(fails('probe NULL\nmatch Ssh m|x')).toThrow(/m<delimiter>…<delimiter> expected/);
    expect(fails('probe NULL\nmatch Ssh m|x|g')).toThrow(/flags are i, s and m/);
    expect(fails('probe NULL\nmatch Ssh m|(|')).toThrow(/line 2: Invalid regular expression/);
    expect(fails('probe NULL\nmatch Ssh m|x| q/y/')).toThrow(/p\/…\/ or v\/…\/ expected/);
    expect(fails('probe NULL\nports 0')).toThrow(/ports 1..65535/);
    expect(fails('probe NULL\nprobe NULL')).toThrow(/a new probe name expected/);
    expect(fails('probes NULL')).toThrow(/unknown keyword/);
  });

  it('tells which probes can name a softmatched service', () => {
    expect(probesNaming(shipped, 'Redis')).toEqual(['GetRequest', 'redis-ping']);
    expect(probesNaming(shipped, 'Mqtt')).toEqual(['mqtt-connect']);
  });
});

describe('service signatures: the shipped rules', () => {
  it('name only definitions of the catalogue', () => {
    const names = new Set(CATALOGUE.map((d) => d.name));
    expect(shipped.rules.filter((r) => !names.has(r.definition))).toEqual([]);
  });

  it('read greetings: SSH, FTP, SMTP, POP3, IMAP, NATS', () => {
    expect(identify(banner('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5\r\n'))).toEqual([
      'Ssh',
      'OpenSSH',
      '9.6p1',
      'banner SSH-2.0-OpenSSH_9.6p1',
    ]);
    expect(identify(banner('SSH-2.0-dropbear_2022.83\r\n'))?.slice(0, 3)).toEqual(['Ssh', 'Dropbear sshd', '2022.83']);
    expect(identify(banner('220 (vsFTPd 3.0.5)\r\n'))?.slice(0, 3)).toEqual(['Ftp', 'vsftpd', '3.0.5']);
    expect(identify(banner('220 ProFTPD 1.3.8b Server (Debian) [::ffff:10.0.0.2]\r\n'))?.slice(0, 3)).toEqual([
      'Ftp',
      'ProFTPD',
      '1.3.8b',
    ]);
    expect(identify(banner('220 mail.lab ESMTP Postfix (Debian/GNU)\r\n'))?.slice(0, 2)).toEqual([
      'Smtp',
      'Postfix smtpd',
    ]);
    expect(identify(banner('220 mx.lab ESMTP Exim 4.96 Mon, 01 Jan 2024\r\n'))?.slice(0, 3)).toEqual([
      'Smtp',
      'Exim smtpd',
      '4.96',
    ]);
    expect(identify(banner('220 files.lab FTP server ready\r\n'))?.[0]).toBe('Ftp');
    expect(identify(banner('+OK Dovecot (Debian) ready.\r\n'))?.slice(0, 2)).toEqual(['Pop3', 'Dovecot pop3d']);
    expect(identify(banner('* OK [CAPABILITY IMAP4rev1 SASL-IR] Dovecot ready.\r\n'))?.[0]).toBe('Imap');
    expect(identify(banner('INFO {"server_id":"N1","version":"2.10.7","go":"go1.21"}\r\n'))).toEqual([
      'Nats',
      'NATS',
      '2.10.7',
      'banner "version":"2.10.7"',
    ]);
  });

  it('read the MySQL protocol greeting and its refusal', () => {
    const greeting = (version: string) =>
      banner(`${String.fromCharCode(version.length + 40)}\x00\x00\x00\x0a${version}\x00\x08\x00\x00\x00abcdefgh\x00`);
    expect(identify(greeting('5.5.5-10.11.6-MariaDB-0+deb12u1'))).toEqual([
      'MySql',
      'MariaDB',
      '10.11.6',
      'banner 5.5.5-10.11.6-MariaDB-0+deb12u1',
    ]);
    expect(identify(greeting('8.0.36'))?.slice(0, 3)).toEqual(['MySql', 'MySQL', '8.0.36']);
    const refusal = banner(
      "\x45\x00\x00\x00\xff\x6a\x04Host '10.0.0.9' is not allowed to connect to this MariaDB server",
    );
    expect(identify(refusal)?.slice(0, 2)).toEqual(['MySql', 'MariaDB']);
  });

  it('read active probes: Redis PING and INFO, PostgreSQL SSLRequest, MQTT CONNACK', () => {
    const info = '# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n';
    expect(identify({ probe: 'redis-ping', raw: `+PONG\r\n$${info.length}\r\n${info}\r\n` })).toEqual([
      'Redis',
      'Redis',
      '7.0.15',
      'answer to PING redis_version:7.0.15',
    ]);
    expect(identify({ probe: 'redis-ping', raw: '-NOAUTH Authentication required.\r\n' })?.[0]).toBe('Redis');
    expect(identify({ probe: 'postgres-sslrequest', raw: 'N' })).toEqual([
      'Postgres',
      undefined,
      undefined,
      'answer to SSLRequest N',
    ]);
    expect(identify({ probe: 'postgres-sslrequest', raw: 'No thanks\r\n' })).toBeUndefined();
    expect(identify({ probe: 'mqtt-connect', raw: '\x20\x02\x00\x00' })).toEqual([
      'Mqtt',
      undefined,
      undefined,
      'answer to CONNECT 20 02 00 00',
    ]);
  });

  it('read web servers and applications from the head, the title, JSON keys and the realm', () => {
    expect(identify(http('HTTP/1.1 200 OK\nServer: nginx/1.25.3'))).toEqual([
      'Nginx',
      'nginx',
      '1.25.3',
      'Server: nginx/1.25.3',
    ]);
    expect(identify(http('HTTP/1.1 200 OK\nServer: Apache/2.4.57 (Debian)'))?.slice(0, 3)).toEqual([
      'Apache',
      'Apache httpd',
      '2.4.57',
    ]);
    expect(identify(http('HTTP/1.1 200 OK\nServer: Apache-Coyote/1.1'))?.slice(0, 3)).toEqual([
      'Http',
      'Apache-Coyote',
      '1.1',
    ]);
    expect(identify(http('HTTP/1.1 404 Not Found\nServer: Docker/24.0.7 (linux)'))?.slice(0, 3)).toEqual([
      'Docker',
      'Docker',
      '24.0.7',
    ]);
    const grafana = http('HTTP/1.1 200 OK\nServer: nginx', '<html><head><title>Grafana</title></head></html>');
    expect(identify(grafana)).toEqual(['Grafana', 'Grafana', undefined, 'title "Grafana"']);
    expect(identify(http('HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Basic realm="traefik"'))).toEqual([
      'Traefik',
      'Traefik',
      undefined,
      'realm "traefik"',
    ]);
    expect(identify(http('HTTP/1.1 302 Found\nLocation: /graph'))?.[3]).toBe('Location: /graph');
    expect(identify(http('HTTP/1.1 200 OK\nX-Jenkins: 2.426.1'))?.slice(0, 3)).toEqual([
      'Jenkins',
      'Jenkins',
      '2.426.1',
    ]);
    const kubernetes = http(
      'HTTP/1.1 403 Forbidden\nContent-Type: application/json',
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","reason":"Forbidden","code":403}',
    );
    expect(identify(kubernetes)?.[0]).toBe('Kubernetes');
    const elastic = http(
      'HTTP/1.1 200 OK\nContent-Type: application/json',
      '{"name":"n1","cluster_name":"lab","version":{"number":"8.11.1"},"tagline":"You Know, for Search"}',
    );
    expect(identify(elastic)?.slice(0, 3)).toEqual(['Elasticsearch', 'Elasticsearch', '8.11.1']);
  });

  it('never take a word of the body for a product: a listing that mentions docker is a plain web server', () => {
    const listing = http(
      'HTTP/1.0 200 OK\nServer: SimpleHTTP/0.6 Python/3.11.7\nContent-type: text/html; charset=utf-8',
      '<title>Directory listing for /</title><a href="docker-compose.yml">docker-compose.yml</a> grafana nginx',
    );
    expect(identify(listing)).toEqual(['Http', 'SimpleHTTPServer', '0.6', 'Server: SimpleHTTP/0.6 Python/3.11.7']);
    const quiet = http('HTTP/1.1 200 OK', '<title>My Docker and Grafana notes</title>');
    expect(identify(quiet)).toEqual(['Http', undefined, undefined, 'HTTP 200']);
  });

  it('show binary answers escaped, or in hex when they are mostly bytes', () => {
    expect(identify({ probe: 'GetRequest', raw: 'AMQP\x00\x00\x09\x01' })?.[3]).toBe(
      'answer to GET / AMQP\\x00\\x00\\x09\\x01',
    );
    expect(identify({ probe: 'mqtt-connect', raw: '\x20\x02\x01\x05' })?.[3]).toBe('answer to CONNECT 20 02 01 05');
  });

  it("read favicon hashes computed from the products' own icons", () => {
    const favicon = (hash: number) => identify({ probe: 'favicon', raw: String(hash) });
    expect(favicon(81586312)).toEqual(['Jenkins', 'Jenkins', undefined, 'favicon hash 81586312']);
    expect(favicon(1866999254)?.[0]).toBe('UptimeKuma');
    expect(favicon(-1399433489)?.[0]).toBe('Prometheus');
    expect(favicon(-1015107330)?.[0]).toBe('RabbitMqManagement');
    expect(favicon(1405460984)?.[0]).toBe('PfSense');
    expect(favicon(-81586312)).toBeUndefined();
    expect(favicon(815863120)).toBeUndefined();
  });

  it('take a Redis error to GET only as a hint (softmatch) that PING can confirm', () => {
    expect(
      matchAnswer(shipped, { probe: 'GetRequest', raw: "-ERR wrong number of arguments for 'get' command\r\n" }),
    ).toMatchObject({ definition: 'Redis', soft: true });
  });
});
