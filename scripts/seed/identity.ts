import type { SeedHost } from './types';

/**
 * Whether observations carry the hosts' identity as discovery would have read it (device_type, vendor,
 * model, os, location). While false the ingest guesses identity from what else is sent (sysDescr, LLDP
 * capabilities, services, MAC vendors, names).
 */
export const SEND_IDENTITY: boolean = false;

/** The host as the observations ingest takes it: with its description (sysDescr), identity as SEND_IDENTITY says. */
export function toObservation(host: SeedHost): object {
  const { device_type, vendor, model, os, location, ...observed } = host;
  return SEND_IDENTITY ? { ...observed, device_type, vendor, model, os, location } : observed;
}
