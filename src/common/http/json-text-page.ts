import { type Pagination, successHead, successTail } from './envelope';

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

export const jsonTextBody = (requestId: string, page: JsonTextPage): string =>
  successHead + page.itemsJson + successTail(requestId, page.pagination);
