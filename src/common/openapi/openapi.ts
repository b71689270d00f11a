import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/auth.guard';
import { SERVER_VERSION } from '../http/versions';
import { describeOperations } from './describe-operations';
import { EmptyResponse, ErrorResponse, MetaResponse } from './envelope.response';

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
    .addSecurity('api_key', { type: 'http', scheme: 'bearer', description: 'Opaque user API key (nta_...)' })
    .addSecurity('session', { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Login session' })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: operationId,
    extraModels: [ErrorResponse, MetaResponse, EmptyResponse],
  });
  return describeOperations(document);
}

/** Serves the document at /api/openapi.json and the docs UI at /api/docs. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
  });
}
