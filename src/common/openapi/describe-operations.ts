import type { OpenAPIObject } from '@nestjs/swagger';
import { type Access, addErrorResponses } from './error-responses';
import { listNullInNullableEnums } from './nullable-enums';

type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Completes every operation from what the route decorators declared: the access rule's security
 * (no requirement = public, `security: []`), a summary when none was written, the error envelope, and
 * null in the enum of every nullable enum.
 */
export function describeOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const access = accessOf(operation);
      if (access === 'public') operation.security = [];
      operation.summary ||= summaryOf(operation.operationId ?? '');
      addErrorResponses(method, operation, access);
    }
  }
  listNullInNullableEnums(document.components);
  return document;
}

/** @Access adds both schemes, @SessionAccess the session alone, @Public none. */
function accessOf(operation: OperationObject): Access {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'public';
  return schemes.includes('api_key') ? 'authenticated' : 'session';
}

/** `Hosts_listHosts` -> "List hosts". */
function summaryOf(operationId: string): string {
  const words = (operationId.split('_')[1] ?? operationId).replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
