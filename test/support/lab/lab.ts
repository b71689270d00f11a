import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHostLldpds, startSnmpd, startSwitchLldpd } from './lab-daemons';
import { describeLab } from './lab-description';
import { waitUntilConverged } from './lab-convergence';
import { acquireLabLock, LAB_LOCK_FILE } from './lab-lock';
import { buildLabNetwork } from './lab-network';
import { hostPlans, planLab } from './lab-plan';
import { startHostServices } from './lab-services';
import { type NamespaceProcess, reaped } from './namespace-process';
import type { Lab } from './lab-types';
import { writeScripts } from './script-files';
import { type LabManifest, pidDirectory, tearDownLab } from './teardown';

const LOCK_TIMEOUT_MS = 45_000;
const REAP_TIMEOUT_MS = 2000;
const REQUIRED_TOOLS: Record<string, string> = {
  lldpd: 'lldpd',
  lldpcli: 'lldpd',
  snmpd: 'snmpd',
  'redis-server': 'redis-server',
  bridge: 'iproute2',
  sysctl: 'procps',
};

function requireTools() {
  const missing = Object.keys(REQUIRED_TOOLS).filter((tool) => {
    try {
      execFileSync('which', [tool], { stdio: 'pipe' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((tool) => REQUIRED_TOOLS[tool]))].join(' ');
    throw new Error(`The lab needs ${missing.join(', ')}: apt-get install ${packages} (as .ci/run does)`);
  }
}

/** A reaper process that tears the lab down if this process dies without closing it. */
function startReaper(dir: string, manifestFile: string): ChildProcess {
  const reaper = spawn(process.execPath, [join(dir, 'reaper.js'), manifestFile], { detached: true, stdio: 'ignore' });
  reaper.unref();
  return reaper;
}

/**
 * Builds the lab (needs root, iproute2, lldpd, snmpd, redis-server) and returns once LLDP has converged,
 * the switch has the hosts in its ARP table and forwarding database, every service accepts connections
 * and the switch's agent answers. If it fails halfway it removes what it built before throwing.
 */
export async function startLab(): Promise<Lab> {
  const startedAt = Date.now();
  requireTools();
  const plan = planLab(String(process.pid % 100_000));
  const dir = mkdtempSync(join(tmpdir(), 'netatlas-lab-'));
  // lldpd's lldpcli runs unprivileged and must reach the control sockets in here.
  chmodSync(dir, 0o755);
  const manifestFile = join(dir, 'manifest.json');
  const manifest: LabManifest = {
    ownerPid: process.pid,
    dir,
    namespaces: [plan.switchNamespace, ...hostPlans(plan).map((host) => host.namespace)],
    rootLinks: [plan.scannerLink],
    lockFile: LAB_LOCK_FILE,
  };
  try {
    await acquireLabLock(manifest, LOCK_TIMEOUT_MS);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let reaper: ChildProcess | undefined;
  const started: NamespaceProcess[] = [];
  const tearDown = () => {
    process.off('exit', tearDown);
    reaper?.kill();
    tearDownLab(manifest);
  };
  // Under jest this listener sits on the test sandbox's copy of `process` and never fires: the reaper covers it.
  process.on('exit', tearDown);
  try {
    mkdirSync(pidDirectory(dir));
    mkdirSync(join(dir, 'logs'));
    writeFileSync(manifestFile, JSON.stringify(manifest));
    writeScripts(dir, ['teardown', 'reaper', 'bridge-mib', 'bridge-mib-agent']);
    reaper = startReaper(dir, manifestFile);
    buildLabNetwork(plan);
    const { services, processes: serviceProcesses } = startHostServices(dir, plan);
    started.push(...serviceProcesses, ...startHostLldpds(dir, plan));
    started.push(await startSnmpd(dir, plan));
    started.push(startSwitchLldpd(dir, plan));
    await waitUntilConverged(plan, dir, services, started);
    let closing: Promise<void> | undefined;
    return {
      ...describeLab(plan, dir, services),
      startMs: Date.now() - startedAt,
      close: () =>
        (closing ??= Promise.resolve()
          .then(tearDown)
          .then(() => Promise.all(started.map((daemon) => reaped(daemon, REAP_TIMEOUT_MS))))
          .then(() => undefined)),
    };
  } catch (error) {
    tearDown();
    throw error;
  }
}
