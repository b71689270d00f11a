import { encodeBytes, faviconHash, murmurHash3 } from './favicon-hash';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => Buffer.from(value, 'utf8');
/** The vectors are published unsigned; mmh3.hash gives them as signed 32-bit integers. */
const signed = (value: number) => value | 0;
/** Every byte value twice: 512 bytes, 684 characters of base64 on 10 lines. */
const everyByteTwice = Uint8Array.from({ length: 512 }, (_, i) => i % 256);

describe('favicon hash', () => {
  it('is MurmurHash3 x86 32-bit: the vectors of Python mmh3 and Ian Boyd (stackoverflow.com/a/31929528)', () => {
    // hajimes/mmh3 tests/test_mmh3.py, and the mmh3 README: mmh3.hash("foo") == -156908512
    expect(murmurHash3(text('foo'))).toBe(-156908512);
    expect(murmurHash3(text('foo'), 42)).toBe(-1322301282);
    expect(murmurHash3(bytes())).toBe(0);
    expect(murmurHash3(bytes(), 1)).toBe(signed(0x514e28b7));
    expect(murmurHash3(bytes(), 0xffffffff)).toBe(signed(0x81f16f39));
    expect(murmurHash3(bytes(0x21, 0x43, 0x65, 0x87))).toBe(signed(0xf55b516b));
    expect(murmurHash3(bytes(0x21, 0x43, 0x65, 0x87), 0x5082edee)).toBe(signed(0x2362f9de));
    expect(murmurHash3(bytes(0x21, 0x43, 0x65))).toBe(signed(0x7e4a8634));
    expect(murmurHash3(bytes(0x21, 0x43))).toBe(signed(0xa0f7b07a));
    expect(murmurHash3(bytes(0x21))).toBe(signed(0x72661cf4));
    expect(murmurHash3(bytes(0xff, 0xff, 0xff, 0xff))).toBe(signed(0x76293b50));
    expect(murmurHash3(bytes(0, 0, 0, 0))).toBe(signed(0x2362f9de));
    expect(murmurHash3(bytes(0, 0, 0))).toBe(signed(0x85f0b427));
    expect(murmurHash3(bytes(0, 0))).toBe(signed(0x30f4c306));
    expect(murmurHash3(bytes(0))).toBe(signed(0x514e28b7));
    expect(murmurHash3(text('Hello, world!'), 0x9747b28c)).toBe(signed(0x24884cba));
    expect(murmurHash3(text('ππππππππ'), 0x9747b28c)).toBe(signed(0xd58063c1));
    expect(murmurHash3(text('a'.repeat(256)), 0x9747b28c)).toBe(signed(0x37405bdc));
    expect(murmurHash3(text('abc'))).toBe(signed(0xb3dd93fa));
    expect(murmurHash3(text('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(signed(0xee925b90));
    expect(murmurHash3(text('The quick brown fox jumps over the lazy dog'), 0x9747b28c)).toBe(signed(0x2fa826cd));
    expect(murmurHash3(text('hello'))).toBe(613153351);
  });

  it("writes base64 as Python's base64.encodebytes: 76 characters a line, each line ending in a newline", () => {
    // Python 3.11: base64.encodebytes(bytes(range(57))) and (range(58)); b'' for no bytes
    const line = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4';
    expect(encodeBytes(Uint8Array.from({ length: 57 }, (_, i) => i))).toBe(`${line}\n`);
    expect(encodeBytes(Uint8Array.from({ length: 58 }, (_, i) => i))).toBe(`${line}\nOQ==\n`);
    expect(encodeBytes(bytes())).toBe('');
    expect(
      encodeBytes(everyByteTwice)
        .split('\n')
        .map((l) => l.length),
    ).toEqual([...Array(9).fill(76), 0]);
  });

  it("is Shodan's http.favicon.hash: mmh3.hash(base64.encodebytes(icon))", () => {
    // Computed with Python 3.11 and mmh3 5.3.0, not with this code
    expect(faviconHash(everyByteTwice)).toBe(-1173581353);
  });
});
