import { reverseDns } from './reverse-dns';

describe('reverse DNS', () => {
  it('names an address the system resolver knows (/etc/hosts: localhost)', async () => {
    expect(await reverseDns('127.0.0.1', 2_000)).toBe('localhost');
  });

  it('is undefined for an address without a name, never the address itself', async () => {
    expect(await reverseDns('127.66.200.1', 2_000)).toBeUndefined();
  });
});
