import { RTT_TIMEOUT_FLOOR_MS, RttEstimator } from './rtt-estimator';

describe('RttEstimator', () => {
  it('waits the whole ceiling until something answered', () => {
    expect(new RttEstimator(1_000).timeoutMs()).toBe(1_000);
  });

  it('takes the first round trip as srtt with half of it as deviation: srtt + 4 × rttvar', () => {
    const rtt = new RttEstimator(10_000);
    rtt.observe(200);
    expect(rtt.timeoutMs()).toBe(200 + 4 * 100);
  });

  it('smooths later round trips by 1/8 and their deviation by 1/4 (RFC 6298)', () => {
    const rtt = new RttEstimator(10_000);
    rtt.observe(200);
    rtt.observe(400);
    // rttvar = 100 + (|200 - 400| - 100) / 4 = 125; srtt = 200 + (400 - 200) / 8 = 225
    expect(rtt.timeoutMs()).toBe(225 + 4 * 125);
  });

  it('settles near the round trip when it is steady', () => {
    const rtt = new RttEstimator(10_000);
    for (let i = 0; i < 100; i++) rtt.observe(300);
    expect(rtt.timeoutMs()).toBeCloseTo(300, 0);
  });

  it('never goes below the floor, however fast the answers', () => {
    const rtt = new RttEstimator(1_000);
    for (let i = 0; i < 20; i++) rtt.observe(0.05);
    expect(rtt.timeoutMs()).toBe(RTT_TIMEOUT_FLOOR_MS);
  });

  it('never goes above the ceiling, however slow the answers', () => {
    const rtt = new RttEstimator(1_000);
    rtt.observe(900);
    expect(rtt.timeoutMs()).toBe(1_000);
  });

  it('keeps a ceiling below the floor as the floor', () => {
    const rtt = new RttEstimator(50);
    rtt.observe(0.1);
    expect(rtt.timeoutMs()).toBe(50);
  });

  it('widens again when round trips start to vary', () => {
    const rtt = new RttEstimator(10_000);
    for (let i = 0; i < 50; i++) rtt.observe(100);
    const steady = rtt.timeoutMs();
    rtt.observe(100);
    rtt.observe(500);
    expect(rtt.timeoutMs()).toBeGreaterThan(steady + 300);
  });

  it('shares what it learned with an estimator over the same state (another thread of the sweep)', () => {
    const rtt = new RttEstimator(10_000);
    const inWorker = new RttEstimator(10_000, rtt.state);
    inWorker.observe(200);
    expect(rtt.timeoutMs()).toBe(600);
    rtt.observe(400);
    expect(inWorker.timeoutMs()).toBe(725);
  });
});
