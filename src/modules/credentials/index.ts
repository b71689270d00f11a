// The credentials module's public surface: other modules import only from here (docs/architecture.md).
export { CredentialsModule } from './credentials.module';
export { ScanCredentialsService, type OpenedCredential } from './application/scan-credentials.service';
export { SECRET_SEALER, type SecretSealer } from './domain/secret-sealer';
