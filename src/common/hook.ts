/**
 * Work other modules register with the owner of some rows, run in order where the owner calls it (inside
 * its transaction), so the owner writes none of their tables and knows none of them.
 */
export class Hook<Args extends unknown[]> {
  private readonly handlers: ((...args: Args) => Promise<void>)[] = [];

  register(handler: (...args: Args) => Promise<void>): void {
    this.handlers.push(handler);
  }

  async run(...args: Args): Promise<void> {
    for (const handler of this.handlers) await handler(...args);
  }
}
