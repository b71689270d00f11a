import { Injectable } from '@nestjs/common';
import { DiscoveryHooks } from '../../discovery';
import { EventPublisher } from './event-publisher';

/** discovery.run.finished, in the transaction that ends the run (completed, failed or cancelled). */
@Injectable()
export class FollowDiscovery {
  constructor(hooks: DiscoveryHooks, publisher: EventPublisher) {
    hooks.runFinished.register((ctx, run) =>
      publisher.publish(ctx, [{ networkId: run.network_id, type: 'discovery.run.finished', data: { run } }]),
    );
  }
}
