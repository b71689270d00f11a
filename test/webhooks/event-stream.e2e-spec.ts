import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEvents } from '../discovery/discovery-helpers';
import { addHost } from '../support/hosts';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';

describe('events: the Server-Sent Events stream of the organization', () => {
  const ctx = useTestApp();

  /** Opens the live stream on a listening server; `until` resolves with the text once it holds `marker`. */
  async function openStream(cookie: string) {
    await ctx.t.app.listen(0, '127.0.0.1');
    const { port } = ctx.t.app.getHttpServer().address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve) => {
      get(
        { host: '127.0.0.1', port, path: '/api/v1/events/stream', headers: { cookie: `session_id=${cookie}` } },
        resolve,
      );
    });
    let text = '';
    response.setEncoding('utf8');
    const until = (marker: string) =>
      new Promise<string>((resolve) => {
        const check = () => text.includes(marker) && resolve(text);
        response.on('data', (chunk: string) => {
          text += chunk;
          check();
        });
        check();
      });
    await until(': connected');
    return { response, until, close: () => response.destroy() };
  }

  it('a host created after the stream opened arrives as host.created', async () => {
    const org = await registerOrg(ctx.http);
    const network = await addNetwork(ctx.http, org.owner.session);
    const stream = await openStream(org.owner.session.cookie!);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const host = await addHost(ctx.http, org.owner.session, network, { name: 'streamed' });
    const [event] = parseEvents(await stream.until('event: host.created'));
    stream.close();
    expect(event).toMatchObject({
      event: 'host.created',
      data: {
        type: 'host.created',
        organization_id: org.id,
        network_id: network,
        data: { host: { id: host.id, name: 'streamed' } },
      },
    });
    expect(event.id).toMatch(/^\d+$/);
  });

  it('shows each caller only its organization and permitted networks; follow=false replays and ends', async () => {
    const org = await registerOrg(ctx.http);
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const n2 = await addNetwork(ctx.http, org.owner.session);
    const other = await registerOrg(ctx.http);
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [n1]);
    const h1 = await addHost(ctx.http, org.owner.session, n1);
    const h2 = await addHost(ctx.http, org.owner.session, n2);
    const replay = async (who: { cookie?: string }, headers: Record<string, string> = {}) => {
      const reply = await ctx.http.as(who).get('/api/v1/events/stream?after=0&follow=false', headers);
      expect(reply.status).toBe(200);
      return parseEvents(reply.body as string);
    };
    const hostsOf = (events: { data: { data: { host: { id: string } } } }[]) => events.map((e) => e.data.data.host.id);
    const all = await replay(org.owner.session);
    expect(hostsOf(all)).toEqual([h1.id, h2.id]);
    expect(hostsOf(await replay(viewer.session))).toEqual([h1.id]);
    expect(await replay(other.owner.session)).toEqual([]);
    // Last-Event-ID resumes after the event it names.
    expect(hostsOf(await replay(org.owner.session, { 'last-event-id': all[0].id }))).toEqual([h2.id]);
    expectError(await ctx.http.as(org.owner.session).get('/api/v1/events/stream?after=x'), 400, 'validation_failed');
    expectError(await ctx.http.as().get('/api/v1/events/stream'), 401, 'auth_not_authenticated');
    expectOk(await ctx.http.as(org.owner.session).get('/api/v1/hosts'));
  });
});
