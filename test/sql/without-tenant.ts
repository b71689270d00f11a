/**
 * The statements that run before anyone's tenant is known, or for every tenant at once; each names why.
 * Keyed `<repository file>#<method>`. Everything else carries the organization predicate.
 */
export const WITHOUT_TENANT: Record<string, string> = {
  // Registration creates the tenant; login finds it from the email and password.
  'organization.repository.ts#create': 'registration',
  'user.repository.ts#findForLogin': 'login by email',
  'sso-settings.repository.ts#findByDomain': 'single sign-on finds the organization from the email domain',
  // A bearer key or a session cookie is looked up by the hash of its secret, which names the tenant.
  'api-key.repository.ts#findCredential': 'key by hash',
  'session.repository.ts#findLive': 'session by hash',
  'session.repository.ts#touch': 'session by hash',
  'session.repository.ts#delete': 'session by hash',
  // The scheduler and the run watchdog serve every organization; each run then goes on under its own tenant.
  'schedule.repository.ts#lockDue': "the scheduler's due runs",
  'run.repository.ts#stalled': "the watchdog's stalled runs",
  // Retention applies to every organization alike.
  'audit-event.repository.ts#prune': 'audit events past retention, every organization',
  'event-retention.repository.ts#pruneBatch': 'outbox events past retention, every organization',
  // host.stale: one periodic check finds the hosts of every organization that went stale since it last looked.
  'change-feed.repository.ts#becameStale': 'hosts gone stale, every organization',
  // Observations name a discovery run; one of another organization must answer 404, not pass as unknown.
  'observation.repository.ts#findRun': 'a run of another organization',
  // A public share is reached by its id alone: the id is the capability.
  'share.repository.ts#findPublic': 'public shares',
};
