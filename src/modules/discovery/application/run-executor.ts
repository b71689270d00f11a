import { Inject, Injectable, Logger } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import { AppError } from '../../../common/errors/app-error';
import type { TransactionRunner } from '../../../common/database/database';
import { ScanCredentialsService } from '../../credentials';
import { cidrContains } from '../../../common/net/cidr';
import { ObservationsService, SubnetsService } from '../../inventory';
import { OrganizationsService } from '../../tenancy';
import { HOST_SCANNER, type HostScanner } from '../domain/host-scanner.port';
import { type FoundHost, observedHost } from '../domain/observed-host';
import { runDiagnostics } from '../domain/run-diagnostics';
import { portsOf } from '../domain/port-spec';
import { RUN_REPOSITORY, type RunJob, type RunRepository, type RunRow } from '../domain/run';
import { RUN_QUEUE, type RunQueue } from '../domain/run-queue';
import { DiscoveryHooks, finishedRun } from './discovery-hooks';
import { DiscoveryMetrics, type RunOutcome } from './discovery-metrics';
import { RunSettingsService } from './run-settings';
import { snmpCredentialsFor } from './snmp-credentials';
import { workerContext } from './worker-context';

/** Progress is written at most this often (and once at the end). */
const PROGRESS_EVERY_MS = 250;

class RunNoLongerRunning extends Error {}

/**
 * Executes one queued run: claims it, scans, ingests what it found as one observation (discovery id =
 * run id) and finishes it. A cancelled run stops at its next progress write or heartbeat and ingests
 * nothing; a run aborted because this process is stopping goes back to the queue. runFinished is called
 * only where this executor ends the run: whoever else ended it (a cancel, the stall watchdog) called it.
 */
@Injectable()
export class RunExecutor {
  private readonly logger = new Logger(RunExecutor.name);
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private draining = false;

  constructor(
    @Inject(RUN_REPOSITORY) private readonly runs: RunRepository,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(HOST_SCANNER) private readonly scanner: HostScanner,
    private readonly settings: RunSettingsService,
    private readonly subnets: SubnetsService,
    private readonly credentials: ScanCredentialsService,
    private readonly observations: ObservationsService,
    private readonly organizations: OrganizationsService,
    private readonly metrics: DiscoveryMetrics,
    private readonly hooks: DiscoveryHooks,
  ) {}

  async execute(job: RunJob): Promise<void> {
    const ctx = workerContext(job);
    const run = await this.runs.claim(ctx, job.run_id);
    if (!run) return;
    const abort = new AbortController();
    const done = this.executeClaimed(ctx, job, run, abort);
    this.running.set(run.id, { abort, done });
    await done.finally(() => this.running.delete(run.id));
  }

  /** Stops every run of this process and returns them to the queue (process shutdown). */
  async drain(): Promise<void> {
    this.draining = true;
    const running = [...this.running.values()];
    running.forEach((r) => r.abort.abort());
    await Promise.allSettled(running.map((r) => r.done));
  }

  /** A running run back to the queue, for another worker (or this one) to start again. */
  async requeue(job: RunJob, giveBackAttempt: boolean): Promise<void> {
    const ctx = workerContext(job);
    await this.tx.transaction(async () => {
      if (await this.runs.requeue(ctx, job.run_id, giveBackAttempt)) await this.queue.enqueue(job);
    });
  }

  private async executeClaimed(ctx: TenantContext, job: RunJob, run: RunRow, abort: AbortController): Promise<void> {
    const ended = this.metrics.runStarted();
    let outcome: RunOutcome = 'failed';
    let hostsFound = 0;
    const beat = setInterval(() => {
      this.runs.heartbeat(ctx, run.id).then(
        (status) => status !== 'running' && abort.abort(),
        () => undefined,
      );
    }, this.config.discovery.stallTimeoutMs / 4);
    try {
      const found = await this.scan(ctx, run, abort);
      if (abort.signal.aborted) {
        if (this.draining) await this.requeue(job, true);
        outcome = this.draining ? 'requeued' : 'cancelled';
        return;
      }
      await this.record(ctx, run, found);
      outcome = 'completed';
      hostsFound = found.length;
    } catch (error) {
      if (error instanceof RunNoLongerRunning) {
        outcome = 'cancelled';
        return;
      }
      this.logger.warn({ run_id: run.id, err: error }, 'Discovery run failed');
      // Our own errors explain themselves (targets out of bounds now); others stay in the worker's log.
      const reason = error instanceof AppError ? error.message : 'The run failed unexpectedly (see the worker log)';
      await this.tx.transaction(async () => {
        if (await this.runs.finish(ctx, run.id, 'failed', reason))
          await this.hooks.runFinished.run(ctx, finishedRun(run, 'failed', { error: reason }));
      });
    } finally {
      clearInterval(beat);
      ended(outcome, hostsFound);
    }
  }

  private async scan(ctx: TenantContext, run: RunRow, abort: AbortController): Promise<FoundHost[]> {
    // Subnets may have changed since the run was queued: the targets are checked again.
    const addresses = await this.settings.addresses(ctx, run.network_id, run.targets);
    const credentials = run.snmp ? await this.credentials.forNetwork(ctx, run.network_id) : undefined;
    let written = 0;
    let writing = Promise.resolve();
    const writeProgress = (done: number) => {
      writing = writing.then(async () => {
        const stillRunning = await this.runs.progress(ctx, run.id, {
          targets_total: addresses.length,
          targets_done: done,
          hosts_found: 0,
        });
        if (!stillRunning) abort.abort();
      });
    };
    const found = await this.scanner.scan({
      addresses,
      ports: portsOf(run.ports),
      timeoutMs: run.timeout_ms,
      concurrency: run.concurrency,
      snmpCredentials: credentials && ((address) => snmpCredentialsFor(credentials, address)),
      signal: abort.signal,
      onProgress: (done) => {
        if (done < addresses.length && Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        writeProgress(done);
      },
    });
    await writing;
    return found;
  }

  /** Events for what was found, then one ingest and the run's end in one transaction. */
  private async record(ctx: TenantContext, run: RunRow, found: FoundHost[]): Promise<void> {
    await this.runs.hostsFound(ctx, run.id, found.map(hostFoundEvent));
    const cidrs = await this.subnets.liveCidrs(ctx, run.network_id);
    const inNetwork = (ip: string) => cidrs.some((cidr) => cidrContains(cidr, ip));
    await this.tx.transaction(async () => {
      if (found.length > 0) {
        const ingested = await this.observations.ingest(ctx, {
          network_id: run.network_id,
          observed_at: new Date(),
          discovery_id: run.id,
          hosts: found.map((host) => observedHost(host, inNetwork)),
        });
        await this.runs.addDiagnostics(ctx, run.id, runDiagnostics(found, ingested));
      }
      const progress = { targets_total: run.targets_total, targets_done: run.targets_total, hosts_found: found.length };
      if (!(await this.runs.progress(ctx, run.id, progress))) throw new RunNoLongerRunning();
      if (!(await this.runs.finish(ctx, run.id, 'completed', null))) throw new RunNoLongerRunning();
      await this.hooks.runFinished.run(ctx, finishedRun(run, 'completed', { hosts_found: found.length }));
      await this.organizations.recordMilestone(ctx, 'FirstDiscoveryCompleted');
    });
  }
}

const hostFoundEvent = (host: FoundHost) => ({
  ip_address: host.address,
  hostname: host.hostname ?? host.snmp?.sys_name ?? null,
  mac_address: host.mac ?? null,
  vendor: host.vendor ?? null,
  ports: host.open.map((o) => o.port),
  services: host.open.map((o) => o.service_definition),
  snmp: host.snmp !== undefined,
});
