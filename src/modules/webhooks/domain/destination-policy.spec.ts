import { deliverableAddress, urlFormProblem } from './destination-policy';
import { retryDelayMs, signatureHeader } from './signature';

describe('deliverableAddress', () => {
  it.each([
    ['127.0.0.1'],
    ['10.0.0.1'],
    ['172.16.5.4'],
    ['192.168.0.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['::1'],
    ['fe80::1'],
    ['fd00::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['not an address'],
  ])('refuses %s', (ip) => expect(deliverableAddress(ip, [])).toBe(false));

  it.each([['93.184.215.14'], ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'], ['::ffff:93.184.215.14']])(
    'allows %s',
    (ip) => expect(deliverableAddress(ip, [])).toBe(true),
  );

  it('allows what an allowed CIDR names, and only that', () => {
    expect(deliverableAddress('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(deliverableAddress('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(deliverableAddress('::1', ['127.0.0.0/8'])).toBe(false);
    expect(deliverableAddress('10.0.0.1', ['127.0.0.0/8'])).toBe(false);
  });
});

describe('urlFormProblem', () => {
  it('takes http and https without credentials', () => {
    expect(urlFormProblem(new URL('https://hooks.example.com/x'))).toBeUndefined();
    expect(urlFormProblem(new URL('ftp://hooks.example.com/x'))).toBe('the URL must be http or https');
    expect(urlFormProblem(new URL('https://user:pw@hooks.example.com/x'))).toBe('the URL must not carry credentials');
  });
});

describe('signatures and backoff', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 (a known vector)', () => {
    expect(signatureHeader('whsec_test', '{"a":1}', 1700000000)).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });

  it('doubles the wait after each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});
