import { PassThrough, type Readable } from 'node:stream';
import { meta, type Pagination } from './envelope';

/**
 * A list written while it is read (GET /hosts?limit=0): `write` hands its items, each as JSON text, to
 * `emit` batch after batch (waiting when the client reads slower), then answers the pagination, which goes
 * last in the body.
 */
export class StreamedPage {
  constructor(readonly write: (emit: (itemsJson: string[]) => Promise<void>) => Promise<Pagination>) {}
}

/**
 * The success envelope of a streamed page, the JSON value `successBody` of the whole page would serialize
 * to: `{"success":true,"data":[...],"meta":{...,"pagination":{...}}}`. A failure after the
 * first bytes can only cut the response short (the status line is gone); the reader's transaction is
 * rolled back, as is the work of a client that went away.
 */
export function streamedBody(requestId: string, page: StreamedPage): Readable {
  const body = new PassThrough();
  let separator = '';
  const emit = async (itemsJson: string[]) => {
    if (body.destroyed) throw new Error('the client went away');
    let chunk = '';
    for (const item of itemsJson) {
      chunk += separator + item;
      separator = ',';
    }
    if (!body.write(chunk)) await drained(body);
  };
  body.write('{"success":true,"data":[');
  page.write(emit).then(
    (pagination) => body.end(`],"meta":${JSON.stringify(meta(requestId, pagination))}}`),
    (error: Error) => body.destroy(error),
  );
  return body;
}

const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
