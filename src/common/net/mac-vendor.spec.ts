import { macVendor } from './mac-vendor';

describe('MAC vendor', () => {
  it('names the registrant of the first three octets in any notation', () => {
    expect(macVendor('b8:27:eb:12:34:56')).toBe('Raspberry Pi Foundation');
    expect(macVendor('00-00-0C-AA-BB-CC')).toBe('Cisco Systems, Inc');
  });

  it('is undefined for unregistered prefixes and junk', () => {
    expect(macVendor('02:00:00:00:00:01')).toBeUndefined();
    expect(macVendor('zz')).toBeUndefined();
  });
});
