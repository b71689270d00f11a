import { Transform } from 'node:stream';

const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * The rows of `COPY (SELECT json…) TO STDOUT` (text format, one JSON value a row) as the items of a JSON
 * array: COPY doubles every backslash and ends each row with a newline; JSON text has no raw newline, so
 * undoing the one and turning the other into a comma gives the items back byte for byte. `rows` counts
 * them. Works on bytes, so a row split across chunks needs nothing but the pending state.
 */
export class CopyJsonRows extends Transform {
  rows = 0;
  private escaped = false;
  private separate = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, out?: Buffer) => void) {
    const out = Buffer.allocUnsafe(chunk.length + 1);
    let length = 0;
    for (const byte of chunk) {
      if (this.escaped) {
        out[length++] = byte;
        this.escaped = false;
      } else if (byte === BACKSLASH) {
        this.escaped = true;
      } else if (byte === NEWLINE) {
        this.rows++;
        this.separate = true;
      } else {
        if (this.separate) out[length++] = COMMA;
        this.separate = false;
        out[length++] = byte;
      }
    }
    done(null, out.subarray(0, length));
  }
}
