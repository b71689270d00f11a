/** The sidebar, in the order a person meets the product. */
export const NAV_ITEMS = [
  { to: '/hosts', label: 'Hosts' },
  { to: '/topology', label: 'Topology' },
  { to: '/networks', label: 'Networks' },
  { to: '/discovery', label: 'Discovery' },
  { to: '/credentials', label: 'Credentials' },
  { to: '/dependencies', label: 'Dependencies' },
  { to: '/shares', label: 'Shares' },
  { to: '/keys', label: 'API keys' },
  { to: '/organization', label: 'Organization' },
] as const;
