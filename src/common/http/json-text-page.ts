import { type Pagination, successHead, successTail } from './envelope';

const HEAD = Buffer.from(successHead);

/**
 * A page whose items PostgreSQL has already written as one JSON array: the envelope puts the text in as
 * it is, sparing a parse and a serialization of every item (the same JSON value; PostgreSQL spaces it
 * differently).
 */
export class JsonTextPage {
  constructor(
    readonly itemsJson: string,
    readonly pagination: Pagination,
  ) {}
}

/**
 * The body as bytes: given a string, fastify would measure its UTF-8 length in a pass of its own (over the
 * whole page, made one string first) before the socket encodes it again.
 */
export const jsonTextBody = (requestId: string, page: JsonTextPage): Buffer =>
  Buffer.concat([HEAD, Buffer.from(page.itemsJson), Buffer.from(successTail(requestId, page.pagination))]);
