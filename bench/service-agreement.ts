import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { OpenService } from '../src/modules/discovery/domain/observed-host';
import { identifyService } from '../src/modules/discovery/infrastructure/service-probe';
import { type ServiceListener, ServiceListeners } from '../test/support/service-listeners';

/**
 * `node dist-bench/bench/service-agreement.js`: the listeners of test/discovery/service-probes.e2e-spec.ts
 * (on 127.92.0.0/24, plus the PostgreSQL of DATABASE_URL when it is on loopback), named by us and by
 * `nmap -sV`; prints a markdown table for docs/discovery.md. Fails when a listener's kind of service differs.
 */
const TIMEOUT_MS = 1_000;

interface NmapService {
  name: string;
  product?: string;
  version?: string;
  tunnel?: string;
  /** `table`: nmap matched nothing and took the name from its port table. */
  method?: string;
}

/** Our definitions that are HTTP to nmap (web servers and applications), the rest by their protocol's name. */
const NMAP_NAMES: Record<string, string> = {
  Ssh: 'ssh',
  Smtp: 'smtp',
  Ftp: 'ftp',
  Pop3: 'pop3',
  Imap: 'imap',
  MySql: 'mysql',
  Redis: 'redis',
  Mqtt: 'mqtt',
  Postgres: 'postgresql',
};

async function nmap(listeners: ServiceListener[]): Promise<Map<string, NmapService>> {
  const ports = [...new Set(listeners.map((l) => l.port))].join(',');
  const addresses = [...new Set(listeners.map((l) => l.address))];
  const { stdout } = await promisify(execFile)('nmap', ['-sV', '-Pn', '-n', '-p', ports, '-oX', '-', ...addresses], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = new Map<string, NmapService>();
  for (const host of stdout.split('<host ').slice(1)) {
    const address = /<address addr="([^"]+)"/.exec(host)![1];
    for (const [, port, attributes] of host.matchAll(
      /<port protocol="tcp" portid="(\d+)"><state state="open"[^>]*\/><service ([^>]*)/g,
    )) {
      const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
      found.set(`${address}:${port}`, {
        name: attribute('name') ?? '?',
        product: attribute('product'),
        version: attribute('version'),
        tunnel: attribute('tunnel'),
        method: attribute('method'),
      });
    }
  }
  return found;
}

const same = (a?: string, b?: string) =>
  !a || !b || a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());

const recognised = (theirs?: NmapService) =>
  theirs !== undefined && theirs.method !== 'table' && theirs.name !== 'unknown';

/**
 * yes: the same kind of service, and the same product and version where both name one; service: the kind
 * only; no: another kind; nmap unsure: nmap recognised nothing (its name, if any, is a port-table guess).
 */
function agreement(ours: OpenService, theirs: NmapService | undefined): string {
  if (!theirs || !recognised(theirs)) return 'nmap unsure';
  const tls = theirs.tunnel === 'ssl' || theirs.name === 'https';
  const oursTls = /\bTLS (?:subject|issuer|SAN) /.test(ours.evidence);
  const kind = NMAP_NAMES[ours.service_definition] ?? 'http';
  const sameKind = (theirs.name === kind || (kind === 'http' && theirs.name === 'https')) && tls === oursTls;
  if (!sameKind) return 'no';
  return same(ours.product, theirs.product) && same(ours.version, theirs.version) ? 'yes' : 'service';
}

const cell = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || '-';

async function main() {
  if (spawnSync('nmap', ['--version']).error) return console.log('service agreement: nmap is missing, skipped');
  const listeners = new ServiceListeners('127.92.0');
  try {
    const targets: ServiceListener[] = [...(await listeners.startAll())];
    const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : undefined;
    if (database?.hostname.startsWith('127.'))
      targets.push({
        name: 'PostgreSQL (DATABASE_URL)',
        address: database.hostname,
        port: Number(database.port || 5432),
      });
    const started = Date.now();
    const ours = await Promise.all(targets.map((t) => identifyService(t.address, t.port, TIMEOUT_MS)));
    const oursMs = Date.now() - started;
    const nmapStarted = Date.now();
    const theirs = await nmap(targets);
    const nmapMs = Date.now() - nmapStarted;
    console.log('| listener | nmap -sV says | we say (definition, product, version) | agree? |');
    console.log('|---|---|---|---|');
    let disagreements = 0;
    targets.forEach((target, i) => {
      const nmapSays = theirs.get(`${target.address}:${target.port}`);
      const verdict = agreement(ours[i], nmapSays);
      if (verdict === 'no') disagreements++;
      const tunnel = nmapSays?.tunnel ? `${nmapSays.tunnel}/` : '';
      const nmapCell = recognised(nmapSays)
        ? `${tunnel}${cell(nmapSays!.name, nmapSays!.product, nmapSays!.version)}`
        : `${tunnel}unrecognised${nmapSays?.method === 'table' && nmapSays.name !== 'unknown' ? ` (port table: ${nmapSays.name})` : ''}`;
      const oursCell = cell(ours[i].service_definition, ours[i].product, ours[i].version);
      console.log(
        `| ${target.name} | ${nmapCell.replace('/ ', '/')} | ${oursCell} (${ours[i].evidence}) | ${verdict} |`,
      );
    });
    console.log(`\nours: ${oursMs} ms for ${targets.length} listeners at once; nmap -sV: ${nmapMs} ms`);
    if (disagreements > 0) process.exitCode = 1;
  } finally {
    await listeners.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
