import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import type { DestinationCheck } from '../domain/destination.port';
import { deliverableAddress } from '../domain/destination-policy';

/** Resolves a host once and judges every address it has: one address outside the policy refuses it. */
@Injectable()
export class DnsDestinationCheck implements DestinationCheck {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async resolve(hostname: string): Promise<{ address: string; family: 4 | 6 } | { refused: string }> {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const allowed = this.config.webhooks.allowedCidrs;
    if (isIP(host)) {
      return deliverableAddress(host, allowed)
        ? { address: host, family: isIP(host) as 4 | 6 }
        : { refused: `${host} is a loopback, link-local, private or reserved address` };
    }
    let addresses: { address: string; family: number }[];
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return { refused: `${host} does not resolve` };
    }
    const outside = addresses.find((a) => !deliverableAddress(a.address, allowed));
    if (addresses.length === 0) return { refused: `${host} does not resolve` };
    if (outside)
      return { refused: `${host} resolves to ${outside.address}, a loopback, link-local, private or reserved address` };
    return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
  }
}
