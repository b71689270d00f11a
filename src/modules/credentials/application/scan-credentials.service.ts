import { Inject, Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { CREDENTIAL_REPOSITORY, type CredentialRepository } from '../domain/credential';
import type { CredentialType, StoredSecret } from '../domain/credential-type';
import { SECRET_SEALER, type SecretSealer } from '../domain/secret-sealer';

export interface OpenedCredential {
  credential_type: CredentialType<string>;
  /** null: every address of the network. */
  addresses: string[] | null;
}

/** The only place secrets are opened: for discovery, in memory, never returned by any route. */
@Injectable()
export class ScanCredentialsService {
  constructor(
    @Inject(CREDENTIAL_REPOSITORY) private readonly credentials: CredentialRepository,
    @Inject(SECRET_SEALER) private readonly sealer: SecretSealer,
  ) {}

  /** Host assignments first (most specific), then network assignments; unreadable ones are left out. */
  async forNetwork(ctx: TenantContext, networkId: string): Promise<OpenedCredential[]> {
    const found = await this.credentials.forScan(ctx, networkId);
    const opened = await Promise.all(
      found.map(async ({ credential_type, addresses }) => {
        try {
          return { credential_type: await this.open(credential_type), addresses };
        } catch {
          return undefined;
        }
      }),
    );
    return opened.filter((c): c is OpenedCredential => c !== undefined);
  }

  private async open(type: CredentialType<StoredSecret>): Promise<CredentialType<string>> {
    const opened = { ...type } as Record<string, unknown>;
    for (const [field, value] of Object.entries(type)) {
      if (!value || typeof value !== 'object' || !('mode' in value)) continue;
      const secret = value as StoredSecret;
      opened[field] =
        secret.mode === 'Inline' ? this.sealer.open(secret.sealed) : (await readFile(secret.path, 'utf8')).trim();
    }
    return opened as CredentialType<string>;
  }
}
