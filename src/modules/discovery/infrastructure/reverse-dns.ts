import { lookupService } from 'node:dns/promises';

/**
 * The name of an address by the system resolver (getnameinfo: /etc/hosts, then PTR records), or undefined
 * when it has none or does not answer within `timeoutMs`.
 */
export async function reverseDns(address: string, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  const lookup = lookupService(address, 0).then(
    ({ hostname }) => (hostname && hostname !== address ? hostname : undefined),
    () => undefined,
  );
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
