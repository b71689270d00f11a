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
    let at = 0;
    // Runs of plain bytes are copied whole, between the backslashes and newlines found natively.
    let backslash = chunk.indexOf(BACKSLASH);
    let newline = chunk.indexOf(NEWLINE);
    while (at < chunk.length) {
      if (this.escaped) {
        length = this.put(out, length, ESCAPED[chunk[at]] ?? chunk[at]);
        this.escaped = false;
        at++;
        if (backslash !== -1 && backslash < at) backslash = chunk.indexOf(BACKSLASH, at);
        continue;
      }
      const stop = Math.min(backslash === -1 ? chunk.length : backslash, newline === -1 ? chunk.length : newline);
      if (stop > at) {
        length = this.put(out, length);
        length += chunk.copy(out, length, at, stop);
      }
      if (stop === chunk.length) break;
      at = stop + 1;
      if (stop === newline) {
        this.rows++;
        this.separate = true;
        newline = chunk.indexOf(NEWLINE, at);
      } else {
        this.escaped = true;
        backslash = chunk.indexOf(BACKSLASH, at + 1);
      }
    }
    done(null, out.subarray(0, length));
  }

  /** Writes the comma a row's end left pending (before the next row's first byte), then `byte` if given. */
  private put(out: Buffer, length: number, byte?: number): number {
    if (this.separate) {
      out[length++] = COMMA;
      this.separate = false;
    }
    if (byte !== undefined) out[length++] = byte;
    return length;
  }
}
