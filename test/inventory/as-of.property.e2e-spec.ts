import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { expectOk, Reply } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

/**
 * Property: whatever sequence of host writes (create, replace with ports kept/changed/dropped/added, resend
 * unchanged, delete) goes through the API, `GET /api/v1/hosts?at=` answers, for any instant, exactly the
 * state a pure replay model holds after the writes made before that instant, each row with the
 * valid_from/valid_to of the writes that really changed it (an unchanged write makes no new version).
 */

// ---------------------------------------------------------------------------------------------------------
// The model: pure, over concrete writes (ids chosen by the client, host ids as the server answered them).

const PROTOCOLS = ['Tcp', 'Udp'] as const;
const PORT_NUMBERS = [22, 80, 443, 8080];
const PORT_TYPES = ['Http', 'Https', 'Ssh', 'Custom'];
const NAMES = ['alpha', 'beta', 'gamma'];
const HOSTNAMES = ['', 'a.lan', 'b.lan'];
const TAG_POOL = 3;

interface PortSpec {
  number: number;
  protocol: (typeof PROTOCOLS)[number];
  type: string;
}
type Port = PortSpec & { id: string };

interface HostBody {
  network_id: string;
  name: string;
  hostname?: string;
  tags: string[];
  ports: Port[];
}

type Write = { kind: 'create' | 'replace'; hostId: string; body: HostBody } | { kind: 'delete'; hostId: string };

interface HostState {
  name: string;
  hostname: string;
  tags: string[];
  ports: Readonly<Record<string, PortSpec>>;
}
/** Live hosts by id. */
type State = Readonly<Record<string, HostState>>;

/** The state after a write: POST and PUT set the host to exactly their body; DELETE removes it. */
function apply(state: State, write: Write): State {
  const next = { ...state };
  if (write.kind === 'delete') {
    delete next[write.hostId];
    return next;
  }
  const { body } = write;
  next[write.hostId] = {
    name: body.name,
    hostname: body.hostname ?? '',
    tags: [...new Set(body.tags)].sort(),
    ports: Object.fromEntries(body.ports.map(({ id, ...spec }) => [id, spec])),
  };
  return next;
}

/**
 * Ids (hosts and ports) whose live version starts or ends between two states: created, closed, or changed
 * in a versioned column. Tags live in host_tags: they never version the host row.
 */
function versionedBetween(before: State, after: State): Set<string> {
  const changed = new Set<string>();
  const portsOf = (state: State) => {
    const all: Record<string, PortSpec> = {};
    for (const host of Object.values(state)) Object.assign(all, host.ports);
    return all;
  };
  for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[id], after[id]];
    if (!b || !a || b.name !== a.name || b.hostname !== a.hostname) changed.add(id);
  }
  const [bp, ap] = [portsOf(before), portsOf(after)];
  for (const id of new Set([...Object.keys(bp), ...Object.keys(ap)])) {
    const [b, a] = [bp[id], ap[id]];
    if (!b || !a || b.number !== a.number || b.protocol !== a.protocol || b.type !== a.type) changed.add(id);
  }
  return changed;
}

/**
 * The replay: states[k] is the state after write k (k = -1: nothing yet), versioned[k] the rows write k
 * versioned. A version is named by the index of the write that started (valid_from) or ended (valid_to) it.
 */
class Replay {
  readonly states: State[] = [];
  readonly versioned: Set<string>[] = [];

  constructor(readonly writes: readonly Write[]) {
    let state: State = {};
    for (const write of writes) {
      const next = apply(state, write);
      this.versioned.push(versionedBetween(state, next));
      this.states.push(next);
      state = next;
    }
  }

  stateAfter(k: number): State {
    return k < 0 ? {} : this.states[k];
  }

  /** The expected hosts (normalized) as of any instant after write k and before write k + 1. */
  expectedAfter(k: number, label: (id: string) => string): Observed[] {
    const from = (id: string) => {
      for (let j = k; j >= 0; j--) if (this.versioned[j].has(id)) return j;
      return `never versioned ${label(id)}`;
    };
    const to = (id: string) => {
      for (let j = k + 1; j < this.writes.length; j++) if (this.versioned[j].has(id)) return j;
      return null;
    };
    return Object.entries(this.stateAfter(k))
      .map(([id, host]) => ({
        id: label(id),
        name: host.name,
        hostname: host.hostname,
        tags: host.tags.map(label).sort(),
        valid_from: from(id),
        valid_to: to(id),
        ports: Object.entries(host.ports)
          .map(([portId, spec]) => ({
            id: label(portId),
            ...spec,
            valid_from: from(portId),
            valid_to: to(portId),
          }))
          .sort(byId),
      }))
      .sort(byId);
  }
}

/** A host or port as compared: ids as short labels, validity instants as write indexes. */
interface Observed {
  id: string;
  name: string;
  hostname: string;
  tags: string[];
  valid_from: number | string | null;
  valid_to: number | string | null;
  ports: (PortSpec & { id: string; valid_from: number | string | null; valid_to: number | string | null })[];
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------
// The generated plan: abstract operations, turned into concrete writes against the model as they run.

type PortEdit = { kind: 'keep' } | { kind: 'drop' } | { kind: 'change'; to: PortSpec };

interface Op {
  /** Which host slot (modulo the number of slots); an empty slot is always filled by a create. */
  slot: number;
  /** On a live host: replace with the fields below, resend its last body unchanged, or delete it. */
  action: 'replace' | 'resend' | 'delete';
  name: string;
  hostname: string;
  /** Omit hostname from the body (it then defaults to ''), only when hostname is ''. */
  omitHostname: boolean;
  tags: number[];
  /** Applied to the host's current ports in order (cycled); empty keeps them all. */
  edits: PortEdit[];
  added: PortSpec[];
  /** Where, between this write and the next, the random probe instant falls (0..1). */
  probe: number;
}

const portSpecArb: fc.Arbitrary<PortSpec> = fc.record({
  number: fc.constantFrom(...PORT_NUMBERS),
  protocol: fc.constantFrom(...PROTOCOLS),
  type: fc.constantFrom(...PORT_TYPES),
});

const opArb: fc.Arbitrary<Op> = fc.record({
  slot: fc.nat({ max: 3 }),
  action: fc.oneof(
    { weight: 4, arbitrary: fc.constant('replace' as const) },
    { weight: 1, arbitrary: fc.constant('resend' as const) },
    { weight: 2, arbitrary: fc.constant('delete' as const) },
  ),
  name: fc.constantFrom(...NAMES),
  hostname: fc.constantFrom(...HOSTNAMES),
  omitHostname: fc.boolean(),
  tags: fc.subarray([...Array(TAG_POOL).keys()]),
  edits: fc.array(
    fc.oneof(
      fc.constant<PortEdit>({ kind: 'keep' }),
      fc.constant<PortEdit>({ kind: 'drop' }),
      portSpecArb.map((to): PortEdit => ({ kind: 'change', to })),
    ),
    { maxLength: 4 },
  ),
  added: fc.array(portSpecArb, { maxLength: 3 }),
  probe: fc.double({ min: 0, max: 1, noNaN: true }),
});

const planArb = fc.record({
  slots: fc.integer({ min: 2, max: 4 }),
  ops: fc.array(opArb, { minLength: 1, maxLength: 8 }),
});

// ---------------------------------------------------------------------------------------------------------

/** Waits until the clock has moved on by at least `ms` (a timer alone may fire a little early). */
async function pause(ms = 3): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** One write as it went: the concrete write and the client instants around it. */
interface Done {
  write: Write;
  /** Taken just before sending: the server's write instant is not earlier. */
  sent: Date;
  /** Taken a little after the response: the write is committed and its instant is earlier. */
  after: Date;
}

describe('hosts as of an instant (property)', () => {
  const ctx = useTestApp();
  const numRuns = Number(process.env.FC_RUNS ?? 15);
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

  it('GET /hosts?at= matches a replay model for every instant of a random write sequence', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, async ({ slots, ops }) => {
        const org = await registerOrg(ctx.http);
        const me = ctx.http.as(org.owner.session);
        const net = await addNetwork(ctx.http, org.owner.session);
        const tagPool: string[] = [];
        for (let i = 0; i < TAG_POOL; i++)
          tagPool.push(expectOk(await me.post('/api/v1/tags', { name: `t${i}-${randomUUID()}` }), 201).id);

        const labels = new Map<string, string>(tagPool.map((id, i) => [id, `T${i}`]));
        const label = (id: string) => labels.get(id) ?? id;
        const named = (prefix: string, id: string) => {
          if (!labels.has(id)) labels.set(id, `${prefix}${[...labels.values()].filter((l) => l[0] === prefix).length}`);
          return id;
        };

        const done: Done[] = [];
        const bySlot: (string | undefined)[] = Array(slots).fill(undefined);
        const lastBody = new Map<string, HostBody>();
        let state: State = {};
        const describeRun = () =>
          [
            `slots=${slots}; writes:`,
            ...done.map(({ write, sent, after }, k) => {
              const head = `  #${k} [${sent.toISOString()} .. ${after.toISOString()}] ${write.kind} ${label(write.hostId)}`;
              if (write.kind === 'delete') return head;
              const { name, hostname, tags, ports } = write.body;
              const portText = ports.map((p) => `${label(p.id)}=${p.number}/${p.protocol}/${p.type}`).join(' ');
              return `${head} name=${name} hostname=${hostname === undefined ? '(omitted)' : JSON.stringify(hostname)} tags=[${tags.map(label).join(' ')}] ports=[${portText}]`;
            }),
          ].join('\n');

        // Which write an instant the server reported falls in (valid_from/valid_to), as its index.
        const writeAt = (iso: string | null) => {
          if (iso === null) return null;
          const t = Date.parse(iso);
          const k = done.findIndex(({ sent, after }) => sent.getTime() <= t && t <= after.getTime());
          return k >= 0 ? k : `outside every write: ${iso}`;
        };
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies
        const observe = (hosts: any[]): Observed[] =>
          hosts
            .map((h) => ({
              id: label(h.id),
              name: h.name,
              hostname: h.hostname,
              tags: (h.tags as string[]).map(label).sort(),
              valid_from: writeAt(h.valid_from),
              valid_to: writeAt(h.valid_to),
              // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies
              ports: (h.ports as any[])
                .map((p) => ({
                  id: label(p.id),
                  number: p.number,
                  protocol: p.protocol,
                  type: p.type,
                  valid_from: writeAt(p.valid_from),
                  valid_to: writeAt(p.valid_to),
                }))
                .sort(byId),
            }))
            .sort(byId);
        const check = (what: string, got: Observed[], expected: Observed[]) => {
          try {
            expect(got).toEqual(expected);
          } catch (error) {
            throw new Error(`${what}\n${describeRun()}\n${(error as Error).message}`);
          }
        };

        const start = new Date();
        await pause();

        for (const op of ops) {
          const slot = op.slot % slots;
          const hostId = bySlot[slot];
          const fields = {
            network_id: net,
            name: op.name,
            ...(op.omitHostname && op.hostname === '' ? {} : { hostname: op.hostname }),
            tags: op.tags.map((i) => tagPool[i]),
          };
          const fresh = () => op.added.map((spec) => ({ id: named('P', randomUUID()), ...spec }));
          let write: Write;
          const sent = new Date();
          let reply: Reply;
          if (hostId === undefined) {
            const body: HostBody = { ...fields, ports: fresh() };
            reply = await me.post('/api/v1/hosts', body);
            write = { kind: 'create', hostId: named('H', reply.body?.data?.id ?? `(create failed)`), body };
            bySlot[slot] = reply.body?.data?.id;
          } else if (op.action === 'delete') {
            reply = await me.delete(`/api/v1/hosts/${hostId}`);
            write = { kind: 'delete', hostId };
            bySlot[slot] = undefined;
          } else {
            let body: HostBody;
            if (op.action === 'resend') body = lastBody.get(hostId)!;
            else {
              const kept = Object.entries(state[hostId].ports).flatMap(([id, spec], i): Port[] => {
                const edit: PortEdit = op.edits.length ? op.edits[i % op.edits.length] : { kind: 'keep' };
                return edit.kind === 'drop' ? [] : [{ id, ...(edit.kind === 'change' ? edit.to : spec) }];
              });
              body = { ...fields, ports: [...kept, ...fresh()] };
            }
            reply = await me.put(`/api/v1/hosts/${hostId}`, body);
            write = { kind: 'replace', hostId, body };
          }
          await pause();
          done.push({ write, sent, after: new Date() });
          await pause();
          state = apply(state, write);
          let answered;
          try {
            answered = expectOk(reply, write.kind === 'create' ? 201 : 200);
          } catch (error) {
            throw new Error(`write #${done.length - 1} failed\n${describeRun()}\n${(error as Error).message}`);
          }
          if (write.kind !== 'delete') {
            lastBody.set(write.hostId, write.body);
            const expected = new Replay(done.map((d) => d.write)).expectedAfter(done.length - 1, label);
            check(
              `the answer to write #${done.length - 1}`,
              observe([answered]),
              expected.filter((h) => h.id === label(write.hostId)),
            );
          }
        }
        const end = new Date();

        const replay = new Replay(done.map((d) => d.write));
        const asOf = async (at: Date) =>
          observe(expectOk(await me.get(`/api/v1/hosts?limit=0&at=${encodeURIComponent(at.toISOString())}`)));

        check(`as of ${start.toISOString()} (before any write)`, await asOf(start), []);
        for (let k = 0; k < done.length; k++) {
          const after = done[k].after;
          const next = k + 1 < done.length ? done[k + 1].sent : end;
          const probe = new Date(after.getTime() + Math.floor(ops[k].probe * (next.getTime() - after.getTime())));
          for (const at of [after, probe])
            check(`as of ${at.toISOString()} (after write #${k})`, await asOf(at), replay.expectedAfter(k, label));
        }
        const live = observe(expectOk(await me.get('/api/v1/hosts?limit=0')));
        check('live (no at)', live, replay.expectedAfter(done.length - 1, label));
      }),
      { numRuns, seed, interruptAfterTimeLimit: 100_000 },
    );
  }, 120_000);
});
