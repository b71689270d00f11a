import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { invalid, invalidField } from '../../../common/errors/app-error';
import { SubnetsService } from '../../inventory';
import type { PortSpec } from '../domain/port-spec';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, type RunSettings } from '../domain/run';
import { expandTargets } from '../domain/targets';

export interface RunSettingsInput {
  targets: string[];
  ports: PortSpec;
  snmp?: boolean;
  timeout_ms?: number;
  concurrency?: number;
}

/** A run's settings with their defaults, and its targets checked against the network and the allowed CIDRs. */
@Injectable()
export class RunSettingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subnets: SubnetsService,
  ) {}

  async settle(
    ctx: TenantContext,
    networkId: string,
    input: RunSettingsInput,
  ): Promise<{ settings: RunSettings; addresses: string[] }> {
    const settings: RunSettings = {
      targets: input.targets,
      ports: input.ports,
      snmp: input.snmp ?? false,
      timeout_ms: input.timeout_ms ?? DEFAULT_TIMEOUT_MS,
      concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
    };
    return { settings, addresses: await this.addresses(ctx, networkId, settings.targets) };
  }

  /** Every address of the targets; 400 naming the target when one is out of bounds. */
  async addresses(ctx: TenantContext, networkId: string, targets: string[]): Promise<string[]> {
    const allowed = this.config.discovery.allowedCidrs;
    if (allowed.length === 0) {
      throw invalidField('targets', 'discovery_disabled', 'Discovery is off here: DISCOVERY_ALLOWED_CIDRS is not set');
    }
    const { addresses, errors } = expandTargets(targets, await this.subnets.liveCidrs(ctx, networkId), allowed);
    if (errors.length > 0) throw invalid(errors);
    return addresses;
  }
}
