import type { Network } from '../api';

export const networkName = (networks: readonly Network[] | undefined, id: string) =>
  networks?.find((n) => n.id === id)?.name ?? id.slice(0, 8);
