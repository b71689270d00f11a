import { campus } from './campus';
import { datacenter } from './datacenter';
import { mixed } from './mixed';
import type { SeedNetwork } from './types';

/** `npm run seed -- --profile`: racks (the default, scripts/seed-data.ts) or one of the generated networks. */
export const PROFILES = ['racks', 'campus', 'datacenter', 'mixed'] as const;
export type SeedProfile = (typeof PROFILES)[number];
export type GeneratedProfile = Exclude<SeedProfile, 'racks'>;

/** The sizes the generated profiles are made for (racks goes from 1 to 1,000,000). */
export const PROFILE_HOSTS = { min: 50, max: 100_000 };

const GENERATORS: Record<GeneratedProfile, (hosts: number) => SeedNetwork> = { campus, datacenter, mixed };

/** The profile's network of `hosts` hosts: the same for the same arguments, every time. */
export function generateNetwork(profile: GeneratedProfile, hosts: number): SeedNetwork {
  if (!Number.isInteger(hosts) || hosts < PROFILE_HOSTS.min || hosts > PROFILE_HOSTS.max)
    throw new Error(`--profile ${profile} takes --hosts from ${PROFILE_HOSTS.min} to ${PROFILE_HOSTS.max}`);
  return GENERATORS[profile](hosts);
}

export const isProfile = (text: string): text is SeedProfile => (PROFILES as readonly string[]).includes(text);
