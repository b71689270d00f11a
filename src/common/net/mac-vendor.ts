/** IEEE OUI registry (the oui-data package): 6 hex digits -> organisation name and address lines. */
let registry: Record<string, string> | undefined;

/** The vendor that registered a MAC's first three octets, or undefined (unknown or locally administered). */
export function macVendor(mac: string): string | undefined {
  const prefix = mac
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 6)
    .toUpperCase();
  if (prefix.length < 6) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use: 5 MB of JSON
  registry ??= require('oui-data') as Record<string, string>;
  return registry[prefix]?.split('\n')[0].trim() || undefined;
}
