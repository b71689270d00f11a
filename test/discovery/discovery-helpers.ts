import { expectOk, HttpClient, Reply } from '../support/http';

export interface ServerSentEvent {
  id: string;
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- event payloads
}

/** Parses a text/event-stream body (comment lines skipped). */
export function parseEvents(text: string): ServerSentEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2) ?? '';
      return { id: field('id'), event: field('event'), data: JSON.parse(field('data')) };
    });
}

const FINAL = ['completed', 'failed', 'cancelled'];

/** Polls GET /runs/{id} until `until` holds (by default: the run has ended). */
export async function waitForRun(
  http: HttpClient,
  id: string,
  until: (run: Record<string, any>) => boolean = (run) => FINAL.includes(run.status), // eslint-disable-line @typescript-eslint/no-explicit-any -- response body
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = expectOk(await http.get(`/api/v1/discovery/runs/${id}`));
    if (until(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${id} still ${run.status}: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const startRun = async (http: HttpClient, body: object): Promise<{ id: string } & Record<string, unknown>> =>
  expectOk(await http.post('/api/v1/discovery/runs', body), 202);

/** The live hosts of a network with their children, by their first IP address. */
export async function hostsByIp(http: HttpClient, networkId: string, at?: string) {
  const reply: Reply = await http.get(
    `/api/v1/hosts?network_id=${networkId}&limit=0${at ? `&at=${encodeURIComponent(at)}` : ''}`,
  );
  const hosts = expectOk(reply) as { ip_addresses: { ip_address: string }[] }[];
  return Object.fromEntries(hosts.map((h) => [h.ip_addresses[0]?.ip_address, h])) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies
}
