import type { Duplex } from 'node:stream';

/** An answer longer than this is cut: what names a service is at its start. */
export const READ_LIMIT = 16_384;

/**
 * Collects what a socket receives from the moment it is made, so nothing is lost between two waits; at
 * most `limit` bytes per take.
 */
export class SocketReader {
  private chunks: Buffer[] = [];
  private size = 0;
  private ended = false;
  private wake?: () => void;

  constructor(
    socket: Duplex,
    readonly limit = READ_LIMIT,
  ) {
    socket.on('data', (chunk: Buffer) => {
      if (this.size < limit) this.chunks.push(chunk);
      this.size += chunk.length;
      this.wake?.();
    });
    const end = () => {
      this.ended = true;
      this.wake?.();
    };
    socket.once('end', end);
    socket.once('close', end);
    socket.on('error', end);
  }

  /** The peer closed (or the connection failed): no more will come. */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * What arrived since the last call, once `enough` says so, the peer closes, the read limit is reached
   * or `waitMs` pass, whichever comes first.
   */
  take(enough: (received: Buffer) => boolean, waitMs: number): Promise<Buffer> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = undefined;
        const received = Buffer.concat(this.chunks).subarray(0, this.limit);
        this.chunks = [];
        this.size = 0;
        resolve(received);
      };
      const check = () => {
        if (this.ended || this.size >= this.limit || enough(Buffer.concat(this.chunks))) finish();
      };
      const timer = setTimeout(finish, waitMs);
      this.wake = check;
      check();
    });
  }
}
