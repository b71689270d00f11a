import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  operation: Operation;
}

/** Checks every JSON body the tests receive against the document the app under test serves. */
export class ResponseSchemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Route[];

  constructor(document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Schema } }) {
    addFormats(this.ajv);
    const schemas = toJsonSchema(closeResponseClasses(document.components.schemas)) as Schema;
    this.ajv.addSchema({ components: { schemas } }, 'openapi');
    this.routes = Object.entries(document.paths)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
          operation,
        })),
      )
      .sort((a, b) => paramsIn(a.template) - paramsIn(b.template));
  }

  /** Throws a readable error when `body` is not what the document says `method url` answers with `status`. */
  check(method: string, url: string, status: number, body: unknown): void {
    const path = url.split('?')[0];
    const route = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!route) return; // unknown routes: nothing documents them
    const where = `${method} ${route.template} (${route.operation.operationId}) answered ${status}`;
    const response = route.operation.responses[String(status)];
    if (!response) throw new Error(`${where}, a status the OpenAPI document does not list`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${where}, but the OpenAPI document gives that response no JSON schema`);
    const validate = this.validatorFor(`${route.operation.operationId} ${status}`, schema);
    if (!validate(body)) {
      const errors = this.ajv.errorsText(validate.errors, { separator: '\n  ', dataVar: 'body' });
      throw new Error(
        `${where} with a body the OpenAPI document does not allow:\n  ${errors}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
  }

  private validatorFor(key: string, schema: Schema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')),
      );
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

const paramsIn = (template: string) => (template.match(/\{/g) ?? []).length;

/** Response classes (`*Response`) list every field they answer: an undocumented field is drift too. */
function closeResponseClasses(schemas: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      name.endsWith('Response') ? { additionalProperties: false, ...(schema as Schema) } : schema,
    ]),
  );
}

/**
 * OpenAPI 3.0's `nullable` makes the whole schema accept null; ajv reads it only next to `type`, so a
 * nullable `allOf: [{$ref}]` (a nullable nested object) becomes "null or that schema".
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node).map(([key, value]) => [key, toJsonSchema(value)] as const);
  const { nullable, ...rest } = Object.fromEntries(entries) as Schema;
  return nullable === true && ('allOf' in rest || '$ref' in rest)
    ? { anyOf: [{ type: 'null' }, rest] }
    : { ...rest, ...(nullable !== undefined && { nullable }) };
}

const loaded = new WeakMap<NestFastifyApplication, Promise<ResponseSchemas>>();

/** The served document, fetched once per app (so once per test file). */
export function responseSchemasOf(app: NestFastifyApplication): Promise<ResponseSchemas> {
  let schemas = loaded.get(app);
  if (!schemas) {
    schemas = app.inject({ method: 'GET', url: '/api/openapi.json' }).then((res) => new ResponseSchemas(res.json()));
    loaded.set(app, schemas);
  }
  return schemas;
}
