import { Transform } from 'node:stream';

const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COMMA = 0x2c;
/** The escapes COPY's text format writes for control characters (PostgreSQL's docs, COPY, File Formats), by the letter after the backslash. */
const ESCAPED: Record<number, number> = { 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x76: 0x0b };

/**
 * The rows of `COPY (SELECT json…) TO STDOUT` (text format, one JSON value a row) as the items of a JSON
 * array: COPY escapes backslashes and control characters (a newline PostgreSQL put between the items of a
 * json_agg, say) and ends each row with a raw newline; undoing the escapes and turning each row's end into
 * a comma gives the items back byte for byte. `rows` counts them. Works on bytes, so a row split across
 * chunks needs nothing but the pending state.
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
        out[length++] = ESCAPED[byte] ?? byte;
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
