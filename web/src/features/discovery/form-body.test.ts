import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { describeCron, cronProblem } from './cron';
import { emptyRunForm, parsePorts, serverFieldErrors, toRunBody } from './form-body';

describe('the start-discovery form', () => {
  it('builds the run body from what was typed', () => {
    const result = toRunBody({
      ...emptyRunForm('n1'),
      targets: '10.0.0.0/24\n10.0.1.5, 10.0.2.10-10.0.2.20',
      portChoice: 'custom',
      customPorts: '22, 80 8000-8002',
      snmp: true,
      timeoutMs: '400',
    });
    expect(result).toEqual({
      body: {
        network_id: 'n1',
        targets: ['10.0.0.0/24', '10.0.1.5', '10.0.2.10-10.0.2.20'],
        ports: [22, 80, 8000, 8001, 8002],
        snmp: true,
        timeout_ms: 400,
        concurrency: 512,
      },
    });
  });

  it('says what is wrong under each field', () => {
    const result = toRunBody({
      ...emptyRunForm(),
      portChoice: 'custom',
      customPorts: '80, 70000',
      timeoutMs: '10',
      concurrency: 'x',
    });
    expect(result).toEqual({
      errors: {
        network_id: 'Choose the network the results go to',
        targets: 'Enter at least one address, CIDR or range',
        ports: '"70000" is not a port (1–65535) or a range such as 8000-8010',
        timeout_ms: 'A whole number of milliseconds from 50 to 60000',
        concurrency: 'A whole number from 1 to 4096',
      },
    });
    expect(parsePorts('9000-8000')).toEqual({
      error: '"9000-8000" is not a port (1–65535) or a range such as 8000-8010',
    });
  });

  it("puts the API's per-target errors under Targets, naming the target", () => {
    const error = new ApiError(400, 'validation_failed', 'Validation failed', {
      errors: [
        { field: 'targets[1]', message: 'must lie in a subnet of the network' },
        { field: 'network_id', message: 'network_id is required' },
      ],
    });
    expect(serverFieldErrors(error, ['10.0.0.1', '8.8.8.8'])).toEqual({
      targets: '8.8.8.8: must lie in a subnet of the network',
      network_id: 'network_id is required',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('cron hints', () => {
  it('words the common shapes, in UTC', () => {
    expect(describeCron('0 3 * * *')).toBe('Every day at 03:00 UTC');
    expect(describeCron('*/15 * * * *')).toBe('Every 15 minutes');
    expect(describeCron('30 * * * *')).toBe('Every hour at minute 30');
    expect(describeCron('0 2 * * 1')).toBe('Every Monday at 02:00 UTC');
    expect(describeCron('15 6 1 * *')).toBe('On day 1 of every month at 06:15 UTC');
    expect(describeCron('0 8 * * 1-5')).toBe('Every weekday (Monday to Friday) at 08:00 UTC');
    expect(describeCron('5 4 * 2,3 *')).toBe('Minute 5, hour 4, day *, month 2,3, weekday * (UTC)');
  });

  it('names what is wrong', () => {
    expect(cronProblem('0 3 * *')).toBe('Five fields: minute hour day-of-month month weekday');
    expect(cronProblem('61 3 * * *')).toBe('The minute field takes 0–59');
    expect(cronProblem('0 3 * * x')).toMatch(/weekday field "x"/);
    expect(cronProblem('*/5 1-3 * * *')).toBeUndefined();
  });
});
