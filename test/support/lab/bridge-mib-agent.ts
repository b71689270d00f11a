// snmpd runs this (transpiled) as `pass_persist .1.3.6.1.2.1.17 node bridge-mib-agent.js br0`: Debian's
// snmpd has no BRIDGE-MIB for Linux bridges. Protocol (snmpd.conf(5)): "PING" gets "PONG"; "get" or
// "getnext" then an OID get three lines (OID, type, value) or "NONE"; "set" then OID and value gets an error.
import { createInterface } from 'node:readline';
import { compareOids, type MibValue, readBridgeMib } from './bridge-mib';

const bridge = process.argv[2] ?? 'br0';
const CACHE_MS = 1000;
let cache: { readAt: number; values: MibValue[] } | undefined;

function currentValues(): MibValue[] {
  if (!cache || Date.now() - cache.readAt > CACHE_MS) cache = { readAt: Date.now(), values: readBridgeMib(bridge) };
  return cache.values;
}

function answer(command: string, oidText: string): string {
  const oid = oidText.split('.').filter(Boolean).map(Number);
  try {
    const values = currentValues();
    const found =
      command === 'get'
        ? values.find((value) => compareOids(value.oid, oid) === 0)
        : values.find((value) => compareOids(value.oid, oid) > 0);
    return found ? `.${found.oid.join('.')}\n${found.type}\n${found.value}\n` : 'NONE\n';
  } catch {
    return 'NONE\n';
  }
}

const ARGUMENT_LINES: Record<string, number> = { get: 1, getnext: 1, set: 2 };
let request: string[] = [];

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const text = line.trim();
    if (request.length === 0) {
      if (text === 'PING') process.stdout.write('PONG\n');
      else if (text in ARGUMENT_LINES) request = [text];
      return;
    }
    request.push(text);
    const [command, oid] = request;
    if (request.length <= ARGUMENT_LINES[command]) return;
    request = [];
    process.stdout.write(command === 'set' ? 'not-writable\n' : answer(command, oid));
  })
  .on('close', () => process.exit(0));
