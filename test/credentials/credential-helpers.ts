import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { Credentials, expectError, HttpClient, Reply } from '../support/http';

/** An HttpClient that keeps every reply (including those of registerOrg, addUser, ...), for the leak scan. */
export class RecordingHttpClient extends HttpClient {
  constructor(
    private readonly target: NestFastifyApplication,
    readonly replies: Reply[],
    credentials: Credentials = {},
  ) {
    super(target, credentials);
  }

  override as(credentials: Credentials = {}): RecordingHttpClient {
    return new RecordingHttpClient(this.target, this.replies, credentials);
  }

  override async send(...args: Parameters<HttpClient['send']>): Promise<Reply> {
    const reply = await super.send(...args);
    this.replies.push(reply);
    return reply;
  }
}

/** Every secret value a test sends, so the final scan can look for each of them everywhere. */
export class SecretBook {
  readonly values = new Set<string>();

  /** A fresh, unmistakable secret. */
  next(label: string): string {
    return this.add(`${label}-S3cr3t-${randomUUID()}`);
  }

  add(value: string): string {
    this.values.add(value);
    return value;
  }

  /** The secrets that occur in `text`. */
  foundIn(text: string): string[] {
    return [...this.values].filter((secret) => text.includes(secret));
  }
}

/** The field names of a validation_failed answer. */
export function errorFields(reply: Reply): string[] {
  const body = expectError(reply, 400, 'validation_failed');
  return (body.params.errors as { field: string }[]).map((error) => error.field);
}

/** A 400 validation_failed whose errors name exactly these fields (any order). */
export function expectInvalid(reply: Reply, ...fields: string[]): void {
  expect(errorFields(reply).sort()).toEqual([...fields].sort());
}

/** `<8 hex key id>:<iv>:<tag>:<data>`, every part after the key id base64url. */
export const SEALED = /^[0-9a-f]{8}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/;
