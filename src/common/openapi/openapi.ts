import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SERVER_VERSION } from '../http/versions';

/** Stable operation ids derived from code names: `System_getVersion`. */
export const operationId = (controllerKey: string, methodKey: string): string =>
  `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Netatlas API')
    .setDescription(
      'Multi-tenant network topology discovery. Every response is wrapped in the envelope {success, data | error, meta}.',
    )
    .setVersion(SERVER_VERSION)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'User API key (nta_...)' }, 'api_key')
    .addCookieAuth('session_id', { type: 'apiKey', in: 'cookie', name: 'session_id' }, 'session')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
}

/** Serves the document at /api/openapi.json and the docs UI at /api/docs. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
  });
}
