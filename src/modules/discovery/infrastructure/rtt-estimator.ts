/** Below this a connect is never given up on: scheduling jitter alone can reach a few tens of milliseconds. */
export const RTT_TIMEOUT_FLOOR_MS = 100;

const [SRTT, RTTVAR] = [0, 1];
const NO_SAMPLE = -1;

/**
 * How long to wait for an answer, learned from the round trips of answers so far, as TCP (RFC 6298) and
 * nmap do: a smoothed round-trip time and its mean deviation, timeout = srtt + 4 × rttvar, kept between
 * a floor and the ceiling the caller allows. The ceiling until the first answer.
 *
 * The state is two microsecond counts in shared memory, so the threads of one sweep learn together
 * (`new RttEstimator(ceiling, other.state)` in a worker); a sample lost to two threads writing at once
 * does not matter to an average.
 */
export class RttEstimator {
  readonly state: Int32Array;
  private readonly floorMs: number;

  constructor(
    private readonly ceilingMs: number,
    state?: Int32Array,
  ) {
    this.floorMs = Math.min(RTT_TIMEOUT_FLOOR_MS, ceilingMs);
    this.state = state ?? new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT)).fill(NO_SAMPLE);
  }

  /** One answer's round trip, in milliseconds. */
  observe(rttMs: number): void {
    const sample = rttMs * 1_000;
    const srtt = Atomics.load(this.state, SRTT);
    if (srtt === NO_SAMPLE) {
      this.store(sample, sample / 2);
      return;
    }
    const rttvar = Atomics.load(this.state, RTTVAR);
    this.store(srtt + (sample - srtt) / 8, rttvar + (Math.abs(srtt - sample) - rttvar) / 4);
  }

  timeoutMs(): number {
    const srtt = Atomics.load(this.state, SRTT);
    if (srtt === NO_SAMPLE) return this.ceilingMs;
    const estimate = (srtt + 4 * Atomics.load(this.state, RTTVAR)) / 1_000;
    return Math.min(this.ceilingMs, Math.max(this.floorMs, estimate));
  }

  private store(srtt: number, rttvar: number) {
    Atomics.store(this.state, SRTT, Math.round(srtt));
    Atomics.store(this.state, RTTVAR, Math.round(rttvar));
  }
}
