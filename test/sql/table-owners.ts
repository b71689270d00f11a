/** Which module owns each table: only its repositories write it. */
export const TABLE_OWNERS: Record<string, string> = {
  organizations: 'tenancy',
  users: 'tenancy',
  user_network_access: 'tenancy',
  networks: 'tenancy',
  network_tags: 'tenancy',
  tags: 'tenancy',
  sessions: 'auth',
  api_keys: 'auth',
  organization_sso_settings: 'auth',
  organization_email_domains: 'auth',
  subnets: 'inventory',
  hosts: 'inventory',
  live_host_counts: 'inventory',
  live_host_search: 'inventory',
  host_tags: 'inventory',
  ip_addresses: 'inventory',
  ports: 'inventory',
  services: 'inventory',
  bindings: 'inventory',
  interfaces: 'inventory',
  credentials: 'credentials',
  credential_networks: 'credentials',
  credential_hosts: 'credentials',
  dependencies: 'dependencies',
  discovery_runs: 'discovery',
  discovery_run_events: 'discovery',
  discovery_schedules: 'discovery',
  shares: 'sharing',
  topology_positions: 'topology',
  audit_events: 'audit',
  events: 'webhooks',
  webhooks: 'webhooks',
  webhook_deliveries: 'webhooks',
  event_checkpoints: 'webhooks',
};

/**
 * Reads of another module's tables, each with its reason; anything else read across modules fails the
 * test. Writes across modules are never allowed: the owner does them through a hook or port.
 */
export const READS_ACROSS: Record<string, Record<string, string>> = {
  // Resolving a key or a session into a TenantContext: one statement per request joins the owner's role,
  // plan and network grants.
  auth: {
    users: 'owner role',
    organizations: 'plan',
    networks: "an Owner's key reaches the networks it names",
    user_network_access: 'grants',
  },
  // Assignments name live hosts and addresses; a scan reads the addresses to try.
  credentials: { hosts: 'assignment checks', ip_addresses: 'scan addresses' },
  // Members are live services or bindings; a history names who made each version.
  dependencies: { services: 'members', bindings: 'members', audit_events: 'who made each version' },
  inventory: {
    // The host list shows each host's credential assignments and staleness (hot read path, one query per page).
    credential_hosts: 'host credential assignments',
    credential_networks: 'assignments visible to the caller',
    networks: 'staleness threshold',
    // Observations name the discovery run they come from.
    discovery_runs: 'the run of an observation',
    // A history names who made each version.
    audit_events: 'who made each version',
  },
  sharing: { organizations: "the plan of a public share's organization" },
  // The topology is a read model: each view reads the rows it draws, one query per table (hot read path).
  topology: {
    hosts: 'view',
    subnets: 'view',
    ip_addresses: 'view',
    interfaces: 'view',
    services: 'view',
    bindings: 'view',
    ports: 'view',
    dependencies: 'view',
    networks: 'saved positions only for a network within reach',
  },
  // Events are read back from the rows a write versioned at its instant, in the write's transaction.
  webhooks: {
    hosts: 'host.* events and host.stale',
    host_tags: 'a host changed through its tags',
    ip_addresses: 'a host changed through its children',
    ports: 'a host changed through its children',
    services: 'a host changed through its children',
    bindings: 'a host changed through its children',
    interfaces: 'link.* events: neighbours before and after',
    networks: "an event's network within reach; staleness threshold",
  },
};
