import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/common/config/app-config';
import { openDatabase } from '../src/common/database/open-database';
import { SERVERS_PER_SWITCH, subnetCount } from './seed-data';
import { type ApiCall, ingestNetwork, seedNetwork, type SeedProgress } from './seed-network';
import { generateNetwork, isProfile, PROFILE_HOSTS, PROFILES } from './seed/profiles';
import { describe, racksSummary, summarize } from './seed/summary';

/**
 * `npm run seed -- --hosts 10000 [--profile racks|campus|datacenter|mixed]`: a demo organization with a
 * network of realistic hosts, written through the API (register, networks, subnets, then observations in
 * batches of 1,000), on the configured database. Profiles: docs/inventory.md "Seed".
 * The app runs in this process, never listening, with its rate limiter's clock running a million times
 * fast: the seed is the operator's own tool, and the limiter's burst (150) is far below the subnets and
 * batches a big network needs.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hosts: { type: 'string', default: '1000' },
      profile: { type: 'string', default: 'racks' },
      email: { type: 'string', default: 'demo@netatlas.local' },
      password: { type: 'string', default: 'netatlas-demo' },
    },
  });
  const hosts = Number(values.hosts);
  const profile = values.profile;
  if (!isProfile(profile)) throw new Error(`--profile must be one of ${PROFILES.join(', ')}`);
  const [min, max] = profile === 'racks' ? [1, 1_000_000] : [PROFILE_HOSTS.min, PROFILE_HOSTS.max];
  if (!Number.isInteger(hosts) || hosts < min || hosts > max)
    throw new Error(`--hosts must be a whole number from ${min} to ${max} for --profile ${profile}`);
  const generated = profile === 'racks' ? undefined : generateNetwork(profile, hosts);
  const summary = generated ? summarize(generated) : racksSummary(hosts, SERVERS_PER_SWITCH, subnetCount(hosts));
  console.log(`Profile ${profile}:\n${describe(summary)}`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource, clock: () => Date.now() * 1_000_000 });
  try {
    const request = async (method: 'GET' | 'POST', url: string, body: object | undefined, cookie?: string) => {
      const res = await app.inject({
        method,
        url,
        payload: body,
        headers: cookie ? { cookie: `session_id=${cookie}` } : {},
      });
      return {
        status: res.statusCode,
        body: res.body,
        cookie: /session_id=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1],
      };
    };
    let session = await request('POST', '/api/auth/login', { email: values.email, password: values.password });
    if (session.status !== 200) {
      session = await request('POST', '/api/auth/register', {
        email: values.email,
        password: values.password,
        name: 'Demo',
        organization_name: 'Demo organization',
      });
    }
    if (!session.cookie) throw new Error(`cannot log in or register ${values.email}: ${session.body}`);
    const cookie = session.cookie;
    const call: ApiCall = (method, url, body) => request(method, url, body, cookie);
    const network = await call('POST', '/api/v1/networks', {
      name: `Demo ${randomUUID().slice(0, 8)}`,
      description: `${hosts} seeded hosts (${profile})`,
    });
    if (network.status !== 201) throw new Error(`cannot create a network: ${network.body}`);
    const networkId = JSON.parse(network.body).data.id as string;
    const started = Date.now();
    const progress = ({ done, ms, again }: SeedProgress) =>
      console.log(
        `${done}/${hosts} hosts${again ? `, ${again} sent again` : ''}, ${((done / ms) * 1000).toFixed(0)} hosts/s`,
      );
    if (generated) await ingestNetwork(call, networkId, generated, progress);
    else await seedNetwork(call, networkId, hosts, progress);
    console.log(
      `Seeded ${hosts} hosts into network ${networkId} in ${Date.now() - started} ms. Log in as ${values.email} / ${values.password}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
