import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type Pagination, successHead, successTail } from './envelope';

/**
 * A list written while it is read (GET /hosts?limit=0): `write` writes its items (JSON values separated by
 * commas, as bytes) into `items` at the pace the client reads, ends it, and answers the pagination, which
 * goes last in the body.
 */
export class StreamedPage {
  constructor(readonly write: (items: NodeJS.WritableStream) => Promise<Pagination>) {}
}

/**
 * The success envelope of a streamed page, the JSON value `successBody` of the whole page would serialize
 * to: `{"success":true,"data":[...],"meta":{...,"pagination":{...}}}`. A failure after the first bytes can
 * only cut the response short (the status line is gone); a client that goes away stops the writer.
 */
export function streamedBody(requestId: string, page: StreamedPage): Readable {
  const body = new PassThrough();
  const items = new PassThrough();
  body.write(`${successHead}[`);
  items.pipe(body, { end: false });
  body.once('close', () => items.destroy());
  Promise.all([page.write(items), finished(items)]).then(
    ([pagination]) => body.end(`]${successTail(requestId, pagination)}`),
    (error: Error) => body.destroy(error),
  );
  return body;
}
