import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CopyJsonRows } from './copy-json-rows';

/** COPY's text format of rows holding these JSON texts: backslashes doubled, control characters escaped, a newline after each. */
const copied = (rows: string[]) =>
  rows
    .map(
      (row) =>
        `${row.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\t', '\\t').replaceAll('\r', '\\r')}\n`,
    )
    .join('');

describe('CopyJsonRows', () => {
  const rows = ['{"a":"x\\"y"}', '{"b":"back\\\\slash\\nnewline"}', '{"c":"é ✓"}', '[]', '[{"d":1}, \n {"e":\t2\r}]'];

  it('gives back the JSON texts as array items, whatever the chunks', async () => {
    const bytes = Buffer.from(copied(rows));
    for (const size of [1, 2, 3, 7, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const transform = new CopyJsonRows();
      const items = await text(Readable.from(chunks).pipe(transform));
      expect(JSON.parse(`[${items}]`)).toEqual(rows.map((row) => JSON.parse(row)));
      expect(transform.rows).toBe(rows.length);
    }
  });

  it('gives nothing for no rows', async () => {
    const transform = new CopyJsonRows();
    expect(await text(Readable.from([]).pipe(transform))).toBe('');
    expect(transform.rows).toBe(0);
  });
});
