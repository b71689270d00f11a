import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { InventoryHooks } from '../../inventory';
import { CHANGE_FEED, type ChangeFeed, type HostWrite, type InterfaceWrite, type LinkEnd } from '../domain/change-feed';
import type { NewEvent } from '../domain/event';
import { EventPublisher } from './event-publisher';

/**
 * After each inventory write (API or ingest, in its transaction): host.created/changed/deleted for the
 * hosts that got a version at the write's instant, link.added/removed for interfaces whose neighbour it
 * changed. A link is one event, whichever of its two ends the write touched.
 */
@Injectable()
export class FollowInventory {
  constructor(
    hooks: InventoryHooks,
    @Inject(CHANGE_FEED) private readonly feed: ChangeFeed,
    private readonly publisher: EventPublisher,
  ) {
    hooks.afterWrite.register((ctx, networkId, at, hostIds) => this.afterWrite(ctx, networkId, at, hostIds));
  }

  private async afterWrite(ctx: TenantContext, networkId: string, at: Date, hostIds: readonly string[]) {
    const hosts = await this.feed.hostWrites(ctx, networkId, at, hostIds);
    const interfaces = await this.feed.interfaceWrites(ctx, at, hostIds);
    await this.publisher.publish(ctx, [...hosts.map(hostEvent(networkId)), ...linkEvents(networkId, interfaces)]);
  }
}

const hostEvent =
  (networkId: string) =>
  (host: HostWrite): NewEvent => ({
    networkId,
    type: `host.${host.change}`,
    data: { host: { id: host.id, network_id: networkId, name: host.name, hostname: host.hostname } },
  });

function linkEvents(networkId: string, interfaces: readonly InterfaceWrite[]): NewEvent[] {
  const events = new Map<string, NewEvent>();
  const add = (type: 'link.added' | 'link.removed', a: LinkEnd, b: LinkEnd) => {
    const [from, to] = [a, b].sort((x, y) => x.interface_id.localeCompare(y.interface_id));
    events.set(`${type} ${from.interface_id} ${to.interface_id}`, { networkId, type, data: { link: { from, to } } });
  };
  for (const write of interfaces) {
    const self = { host_id: write.host_id, interface_id: write.interface_id };
    if (write.was?.interface_id === write.now?.interface_id) continue;
    if (write.was) add('link.removed', self, write.was);
    if (write.now) add('link.added', self, write.now);
  }
  return [...events.values()];
}
