import { cronError, nextRunAt } from './cron';

describe('schedule cron', () => {
  it('takes five fields in UTC and gives the next match strictly after a time', () => {
    expect(cronError('*/15 2 * * 1-5')).toBeUndefined();
    expect(nextRunAt('*/15 * * * *', new Date('2026-11-23T10:15:00Z'))).toEqual(new Date('2026-11-23T10:30:00Z'));
    expect(nextRunAt('0 3 * * *', new Date('2026-11-23T10:00:00Z'))).toEqual(new Date('2026-11-24T03:00:00Z'));
  });

  it('refuses other shapes with a reason', () => {
    expect(cronError('* * * *')).toMatch(/five fields/);
    expect(cronError('0 * * * * *')).toMatch(/five fields/);
    expect(cronError('61 * * * *')).toMatch(/invalid/);
  });
});
