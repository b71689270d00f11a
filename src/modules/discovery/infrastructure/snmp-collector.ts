import { isIPv6 } from 'node:net';
import * as snmp from 'net-snmp';
import type { SnmpCredential, SnmpFacts } from '../domain/snmp';
import { type Rows, SYS_DESCR, SYS_NAME, TABLES, type TableName, text, toFacts } from './snmp-tables';

export interface SnmpOptions {
  port: number;
  /** Per request (v3 adds one engine-discovery request per session). */
  timeoutMs: number;
  /** Re-sends per request; net-snmp's default is 1. */
  retries?: number;
  /**
   * The probe each credential gets first (one GET of sysObjectID, never re-sent) waits this long; default
   * timeoutMs, at most SNMP_PROBE_TIMEOUT_MS. Only a credential that answers gets the full collection.
   */
  probeTimeoutMs?: number;
}

/** What a silent address costs per credential, instead of timeoutMs x (1 + retries). */
export const SNMP_PROBE_TIMEOUT_MS = 500;
const SYS_OBJECT_ID = '1.3.6.1.2.1.1.2.0';

type V3Credential = Extract<SnmpCredential, { version: 'v3' }>;

const MAX_REPETITIONS = 25;

const AUTH: Record<NonNullable<V3Credential['authProtocol']>, snmp.AuthProtocols> = {
  Md5: snmp.AuthProtocols.md5,
  Sha1: snmp.AuthProtocols.sha,
  Sha224: snmp.AuthProtocols.sha224,
  Sha256: snmp.AuthProtocols.sha256,
  Sha384: snmp.AuthProtocols.sha384,
  Sha512: snmp.AuthProtocols.sha512,
};

/**
 * net-snmp 3.29 has DES, AES-128 and two AES-256 key localizations, no AES-192: an Aes192 credential is
 * never tried. AES-256 has no standard key localization; Blumenthal (Net-SNMP, most Linux agents) goes
 * first, then Reeder (Cisco and others). DES needs `node --openssl-legacy-provider` on Node >= 17, else
 * that credential simply fails.
 */
const PRIV: Record<NonNullable<V3Credential['privProtocol']>, snmp.PrivProtocols[]> = {
  Des: [snmp.PrivProtocols.des],
  Aes128: [snmp.PrivProtocols.aes],
  Aes192: [],
  Aes256: [snmp.PrivProtocols.aes256b, snmp.PrivProtocols.aes256r],
};

/** The net-snmp users a v3 credential stands for (several when the key localization is ambiguous). */
function v3Users(c: V3Credential): snmp.User[] {
  const user: snmp.User = { name: c.user, level: snmp.SecurityLevel[c.level] };
  if (c.level === 'noAuthNoPriv') return [user];
  if (!c.authProtocol || c.authKey === null) return [];
  Object.assign(user, { authProtocol: AUTH[c.authProtocol], authKey: c.authKey });
  if (c.level === 'authNoPriv') return [user];
  if (!c.privProtocol || c.privKey === null) return [];
  return PRIV[c.privProtocol].map((privProtocol) => ({ ...user, privProtocol, privKey: c.privKey! }));
}

function openSessions(address: string, c: SnmpCredential, options: SnmpOptions): (() => snmp.Session)[] {
  const common = {
    port: options.port,
    timeout: options.timeoutMs,
    retries: options.retries ?? 1,
    transport: isIPv6(address) ? ('udp6' as const) : ('udp4' as const),
    // Fail a walk whose answer does not move forward instead of looping on it.
    backwardsGetNexts: false,
  };
  if (c.version !== 'v3') {
    const version = c.version === 'v1' ? snmp.Version1 : snmp.Version2c;
    return [() => snmp.createSession(address, c.community, { ...common, version })];
  }
  const context = c.context ?? '';
  return v3Users(c).map((user) => () => snmp.createV3Session(address, user, { ...common, context }));
}

function get(session: snmp.Session, oids: string[]): Promise<snmp.Varbind[] | undefined> {
  return new Promise((resolve) => {
    session.get(oids, (error, varbinds) => resolve(error ? undefined : varbinds));
  });
}

/** Walks the given columns of a table entry (GETNEXT on v1, GETBULK otherwise); false once the agent went silent. */
async function walkColumns(session: snmp.Session, entry: string, columns: readonly number[], rows: Rows) {
  for (const column of columns) {
    const base = `${entry}.${column}`;
    const found = rows.size;
    const error = await new Promise<Error | null>((resolve) => {
      const feed = (varbinds: snmp.Varbind[]) => {
        for (const vb of varbinds) {
          // A walk answer never holds noSuchObject/noSuchInstance; an agent that sends one (with the same
          // OID) would be walked forever, so stop there.
          if (snmp.isVarbindError(vb)) return true;
          if (!vb.oid.startsWith(`${base}.`)) continue;
          const index = vb.oid.slice(base.length + 1);
          const row = rows.get(index) ?? new Map<number, unknown>();
          rows.set(index, row.set(column, vb.value));
        }
      };
      session.subtree(base, MAX_REPETITIONS, feed, resolve);
    });
    if (error?.name === 'RequestTimedOutError') return false;
    // An empty first column means the agent does not have the table: skip its other columns.
    if (column === columns[0] && rows.size === found) return true;
  }
  return true;
}

async function collect(session: snmp.Session): Promise<SnmpFacts | undefined> {
  const system = await get(session, [SYS_NAME, SYS_DESCR]);
  if (!system) return undefined;
  const [sysName, sysDescr] = system.map((vb) => (snmp.isVarbindError(vb) ? '' : (text(vb.value) ?? '')));
  const tables = Object.fromEntries(Object.keys(TABLES).map((name) => [name, new Map()])) as Record<TableName, Rows>;
  for (const name of Object.keys(TABLES) as TableName[]) {
    if (!(await walkColumns(session, TABLES[name].entry, TABLES[name].columns, tables[name]))) break;
  }
  return toFacts(sysName, sysDescr, tables);
}

/** Opens a session, uses it, always closes it; undefined when that failed (a malformed credential, a socket error). */
async function inSession<T>(
  open: () => snmp.Session,
  use: (session: snmp.Session) => Promise<T | undefined>,
): Promise<T | undefined> {
  let session: snmp.Session | undefined;
  try {
    session = open();
    session.on('error', () => undefined);
    return await use(session);
  } catch {
    return undefined;
  } finally {
    try {
      session?.close();
    } catch {
      // already closed
    }
  }
}

/**
 * Tries the credentials in order, each first with one short probe (a GET of sysObjectID, no re-send; on v3
 * the engine discovery that precedes it is that probe when nothing answers), so an address without an agent
 * costs one probe per credential. The first credential that answers it is used to GET sysName/sysDescr and
 * walk the interface, address, LLDP and CDP tables with the run's timeout and retries. Undefined when none
 * answers; never throws for an unreachable agent.
 */
export async function collectSnmp(
  address: string,
  credentials: readonly SnmpCredential[],
  options: SnmpOptions,
): Promise<SnmpFacts | undefined> {
  const probeTimeoutMs = options.probeTimeoutMs ?? Math.min(options.timeoutMs, SNMP_PROBE_TIMEOUT_MS);
  const probe = { ...options, timeoutMs: probeTimeoutMs, retries: 0 };
  for (const credential of credentials) {
    const probes = openSessions(address, credential, probe);
    for (const [i, open] of openSessions(address, credential, options).entries()) {
      if (!(await inSession(probes[i], (session) => get(session, [SYS_OBJECT_ID])))) continue;
      const facts = await inSession(open, collect);
      if (facts) return facts;
    }
  }
  return undefined;
}
