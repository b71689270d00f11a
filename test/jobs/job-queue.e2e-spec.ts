import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from '../../src/common/database/database';
import { JobQueue } from '../../src/common/jobs/job-queue';
import { sleep } from '../support/hosts';
import { createTestApp, type TestApp } from '../support/test-app';

/** A queue of its own per test, as a migration would make it. */
let queues = 0;
async function newQueue(t: TestApp): Promise<string> {
  const name = `test-jobs-${++queues}`;
  await t.dataSource.query(`SELECT pgboss.create_queue($1, '{}')`, [name]);
  return name;
}

/** A worker on a new queue that has taken one job and holds it until released. */
async function jobInFlight(t: TestApp) {
  const jobs = t.app.get(JobQueue);
  const queue = await newQueue(t);
  const seen: unknown[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  await jobs.work(queue, 1, async (data) => {
    seen.push(data);
    started();
    await held;
  });
  await jobs.send(queue, { n: 1 });
  await running;
  return { jobs, queue, seen, release };
}

describe('the job queue: one pg-boss per process (src/common/jobs)', () => {
  it('is the only code that uses pg-boss', () => {
    const root = join(__dirname, '../../src');
    const users = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts'))
      .filter((path) => /from 'pg-boss'/.test(readFileSync(join(root, path), 'utf8')));
    expect(users).toEqual(['common/jobs/job-queue.ts']);
  });

  describe('in a running app', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('sends a job with the transaction it is sent in: committed it is taken, rolled back it never was', async () => {
      const jobs = t.app.get(JobQueue);
      const db = t.app.get(Database);
      const queue = await newQueue(t);
      await db
        .transaction(async () => {
          await jobs.send(queue, { n: 1 });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await jobs.size(queue)).toBe(0);
      await db.transaction(() => jobs.insert(queue, [{ n: 2 }, { n: 3 }]));
      expect(await jobs.size(queue)).toBe(2);

      const seen: number[] = [];
      await jobs.work<{ n: number }>(queue, 1, async (data) => void seen.push(data.n));
      while (seen.length < 2) await sleep(50);
      expect(seen.sort()).toEqual([2, 3]);
      await jobs.stopWork(queue);
    });

    it('stopWork takes no more jobs and returns once the one in flight has finished', async () => {
      const { jobs, queue, seen, release } = await jobInFlight(t);
      let stopped = false;
      const stopping = jobs.stopWork(queue).then(() => (stopped = true));
      await sleep(300);
      const stoppedWhileRunning = stopped;
      release();
      await stopping;
      expect(stoppedWhileRunning).toBe(false);
      await jobs.send(queue, { n: 2 });
      await sleep(1_500);
      expect(seen).toEqual([{ n: 1 }]);
      expect(await jobs.size(queue)).toBe(1);
    });
  });

  it('on shutdown, a job in flight finishes before the app has closed', async () => {
    const t = await createTestApp();
    const { jobs, queue, release } = await jobInFlight(t);
    const order: string[] = [];
    const closing = t.app.close().then(() => order.push('closed'));
    await sleep(300);
    order.push('released');
    release();
    await closing;
    await t.dataSource.destroy();
    expect(order).toEqual(['released', 'closed']);
    expect(await jobs.size(queue)).toBeUndefined();
  });
});
