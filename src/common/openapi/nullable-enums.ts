/**
 * OpenAPI 3.0.3: `nullable: true` does not extend an `enum`; a nullable enum must list null itself, or
 * validators and generated clients refuse the null the API answers.
 */
export function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(listNullInNullableEnums);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(node).forEach(listNullInNullableEnums);
}
