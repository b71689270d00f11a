// Run detached by startLab (transpiled into the lab's directory): tears the lab down if the process that
// started it dies without closing it (SIGKILL, a crashed jest worker), where no exit handler runs.
import { existsSync, readFileSync } from 'node:fs';
import { isRunning, type LabManifest, tearDownLab } from './teardown';

const manifestFile = process.argv[2];
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as LabManifest;

const timer = setInterval(() => {
  if (!existsSync(manifestFile)) {
    clearInterval(timer);
  } else if (!isRunning(manifest.ownerPid)) {
    clearInterval(timer);
    tearDownLab(manifest);
  }
}, 250);
