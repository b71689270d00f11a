import { Foundation1763900000000 } from './1763900000000-foundation';
import { TenancyAndAuth1763900000001 } from './1763900000001-tenancy-and-auth';
import { Inventory1763900000002 } from './1763900000002-inventory';
import { Credentials1763900000003 } from './1763900000003-credentials';
import { Dependencies1763900000004 } from './1763900000004-dependencies';
import { Shares1763900000005 } from './1763900000005-shares';
import { Discovery1763900000006 } from './1763900000006-discovery';
import { RunDiagnostics1763900000007 } from './1763900000007-run-diagnostics';
import { CredentialDescription1763900000008 } from './1763900000008-credential-description';
import { TopologyPositions1763900000009 } from './1763900000009-topology-positions';
import { ChildIdsPerOrganization1763900000010 } from './1763900000010-child-ids-per-organization';
import { IngestLookupIndexes1763900000011 } from './1763900000011-ingest-lookup-indexes';
import { HostListIndexes1763900000012 } from './1763900000012-host-list-indexes';
import { SingleSignOn1763900000013 } from './1763900000013-single-sign-on';
import { AuditEvents1763900000014 } from './1763900000014-audit-events';
import { Webhooks1763900000015 } from './1763900000015-webhooks';
import { WebhookDeliveriesOrganization1763900000016 } from './1763900000016-webhook-deliveries-organization';
import { LiveHostCounts1763900000017 } from './1763900000017-live-host-counts';
import { EventsRetention1763900000018 } from './1763900000018-events-retention';
import { HostListAsOfIndexes1763900000019 } from './1763900000019-host-list-as-of-indexes';
import { HostsByNetworkInOrder1763900000020 } from './1763900000020-hosts-by-network-in-order';
import { HostSearchText1763900000021 } from './1763900000021-host-search-text';
import { LiveHostSearch1763900000022 } from './1763900000022-live-host-search';
import { SearchIndexesPerOrganization1763900000023 } from './1763900000023-search-indexes-per-organization';
import { HostIdentity1763900000024 } from './1763900000024-host-identity';

/** Every migration, oldest first. A new migration file is added here as well (see docs/database.md). */
export const migrations = [
  Foundation1763900000000,
  TenancyAndAuth1763900000001,
  Inventory1763900000002,
  Credentials1763900000003,
  Dependencies1763900000004,
  Shares1763900000005,
  Discovery1763900000006,
  RunDiagnostics1763900000007,
  CredentialDescription1763900000008,
  TopologyPositions1763900000009,
  ChildIdsPerOrganization1763900000010,
  IngestLookupIndexes1763900000011,
  HostListIndexes1763900000012,
  SingleSignOn1763900000013,
  AuditEvents1763900000014,
  Webhooks1763900000015,
  WebhookDeliveriesOrganization1763900000016,
  LiveHostCounts1763900000017,
  EventsRetention1763900000018,
  HostListAsOfIndexes1763900000019,
  HostsByNetworkInOrder1763900000020,
  HostSearchText1763900000021,
  LiveHostSearch1763900000022,
  SearchIndexesPerOrganization1763900000023,
  HostIdentity1763900000024,
];
