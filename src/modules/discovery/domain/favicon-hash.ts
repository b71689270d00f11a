/**
 * The favicon hash Shodan's `http.favicon.hash` searches by, so the numbers published for products carry
 * over: MurmurHash3 (x86, 32-bit, seed 0, signed) of the icon's base64 text as Python's
 * `base64.encodebytes` writes it, a newline after every 76 characters and after the last line.
 */
export function faviconHash(icon: Uint8Array): number {
  return murmurHash3(Buffer.from(encodeBytes(icon), 'latin1'));
}

/** Python's base64.encodebytes: lines of 76 characters, each ending in a newline; nothing for no bytes. */
export function encodeBytes(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64');
  return text.replace(/.{1,76}/g, '$&\n');
}

/** MurmurHash3_x86_32 (Austin Appleby's, little-endian blocks) as a signed 32-bit integer, as Python's mmh3.hash. */
export function murmurHash3(data: Uint8Array, seed = 0): number {
  const blocks = data.length - (data.length % 4);
  let hash = seed | 0;
  for (let i = 0; i < blocks; i += 4) {
    hash ^= scramble(data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24));
    hash = (Math.imul(rotateLeft(hash, 13), 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let i = data.length - 1; i >= blocks; i--) tail = (tail << 8) | data[i];
  if (data.length > blocks) hash ^= scramble(tail);
  hash ^= data.length;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

const rotateLeft = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));
const scramble = (block: number) => Math.imul(rotateLeft(Math.imul(block, 0xcc9e2d51), 15), 0x1b873593);
