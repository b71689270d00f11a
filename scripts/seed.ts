import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/common/config/app-config';
import { openDatabase } from '../src/common/database/open-database';
import { rack, SERVERS_PER_SWITCH, subnetCount } from './seed-data';

const BATCH_HOSTS = 1000;

/**
 * `npm run seed -- --hosts 10000`: a demo organization with a network of realistic hosts, written through
 * the API (register, networks, subnets, then observations in batches), on the configured database.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hosts: { type: 'string', default: '1000' },
      email: { type: 'string', default: 'demo@netatlas.local' },
      password: { type: 'string', default: 'netatlas-demo' },
    },
  });
  const hosts = Number(values.hosts);
  if (!Number.isInteger(hosts) || hosts < 1 || hosts > 1_000_000)
    throw new Error('--hosts must be a whole number from 1 to 1000000');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource });
  try {
    const call = async (method: 'GET' | 'POST', url: string, body: object | undefined, cookie?: string) => {
      const res = await app.inject({
        method,
        url,
        payload: body,
        headers: cookie ? { cookie: `session_id=${cookie}` } : {},
      });
      const json = res.json<{ success: boolean; data: Record<string, unknown>; error?: string }>();
      return {
        status: res.statusCode,
        json,
        cookie: /session_id=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1],
      };
    };
    let session = await call('POST', '/api/auth/login', { email: values.email, password: values.password });
    if (session.status !== 200) {
      session = await call('POST', '/api/auth/register', {
        email: values.email,
        password: values.password,
        name: 'Demo',
        organization_name: 'Demo organization',
      });
    }
    if (!session.cookie) throw new Error(`cannot log in or register ${values.email}: ${session.json.error}`);
    const cookie = session.cookie;
    const network = await call(
      'POST',
      '/api/v1/networks',
      { name: `Demo ${randomUUID().slice(0, 8)}`, description: `${hosts} seeded hosts` },
      cookie,
    );
    const networkId = network.json.data.id as string;
    for (let s = 0; s < subnetCount(hosts); s++) {
      await call(
        'POST',
        '/api/v1/subnets',
        { network_id: networkId, cidr: `10.42.${s}.0/24`, name: `rack row ${s}` },
        cookie,
      );
    }
    const started = Date.now();
    let batch: object[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const res = await call(
        'POST',
        '/api/v1/discovery/observations',
        { network_id: networkId, observed_at: new Date().toISOString(), hosts: batch },
        cookie,
      );
      if (res.status !== 200) throw new Error(`ingest failed: ${JSON.stringify(res.json)}`);
      batch = [];
    };
    for (let first = 0; first < hosts; first += SERVERS_PER_SWITCH + 1) {
      const group = rack(first, Math.min(SERVERS_PER_SWITCH + 1, hosts - first));
      if (batch.length + group.length > BATCH_HOSTS) await flush();
      batch.push(...group);
    }
    await flush();
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
