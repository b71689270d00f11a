import { expandTargets, MAX_ADDRESSES } from './targets';

const ok = (targets: string[], subnets = ['127.0.0.0/8'], allowed = ['127.0.0.0/8']) =>
  expandTargets(targets, subnets, allowed);

describe('expandTargets', () => {
  it('expands addresses, CIDRs and ranges, once each', () => {
    expect(ok(['127.0.0.5', '127.0.0.4/30', '127.0.0.9-127.0.0.10']).addresses).toEqual([
      '127.0.0.5',
      '127.0.0.4',
      '127.0.0.6',
      '127.0.0.7',
      '127.0.0.9',
      '127.0.0.10',
    ]);
    expect(expandTargets(['::1'], ['::1/128'], ['::1/128']).addresses).toEqual(['::1']);
  });

  it('refuses garbage, reversed ranges and mixed families, naming the target', () => {
    for (const target of ['host.example', '127.0.0.9-127.0.0.1', '127.0.0.1-::1', '127.0.0.0/33']) {
      expect(ok([target]).errors).toEqual([expect.objectContaining({ field: 'targets[0]', rule: 'target' })]);
    }
  });

  it('keeps to the network subnets and the allowed CIDRs', () => {
    expect(ok(['127.0.1.1'], ['127.0.0.0/24']).errors).toEqual([expect.objectContaining({ rule: 'in_subnets' })]);
    expect(ok(['127.0.0.1'], ['127.0.0.0/8'], ['10.0.0.0/8']).errors).toEqual([
      expect.objectContaining({ rule: 'allowed' }),
    ]);
    expect(ok(['127.0.0.1'], ['127.0.0.0/8'], []).errors).toEqual([expect.objectContaining({ rule: 'allowed' })]);
  });

  it('takes at most 65,536 addresses in a run', () => {
    expect(ok(['127.0.0.0/16']).addresses).toHaveLength(MAX_ADDRESSES);
    expect(ok(['127.0.0.0/15']).errors).toEqual([expect.objectContaining({ rule: 'max_addresses' })]);
    expect(ok(['127.0.0.0/16', '127.1.0.0/31']).errors).toEqual([
      expect.objectContaining({ field: 'targets', rule: 'max_addresses' }),
    ]);
  });
});
