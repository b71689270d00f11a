// The webhooks module's public surface: other modules import only from here (docs/architecture.md).
export { WebhooksModule } from './webhooks.module';
