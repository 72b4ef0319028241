import { scimInvalidSyntax } from '../../lib/scim-error.ts';

// Reading a SCIM PatchOp (RFC 7644 §3.5.2), shared by Users and Groups.
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// The attribute of an object by its name in any letter case (RFC 7643 §2.1: names are
// case-insensitive, so "operations" or "Op" are the same as "Operations" and "op").
export const attributeOf = (object: Record<string, unknown>, name: string): unknown =>
  object[Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];

export type PatchOperation = { op: 'add' | 'replace' | 'remove'; path: string | undefined; value: unknown };

// The operations of a PatchOp (RFC 7644 §3.5.2) as Entra ID and Okta send them: ops in any letter
// case ("Add", "Replace", "Remove"), a path or none; a blank path is no path.
export function patchOperations(body: unknown): PatchOperation[] {
  const operations = isObject(body) ? attributeOf(body, 'Operations') : undefined;
  if (!isObject(body) || !Array.isArray(operations) || operations.length === 0) {
    throw scimInvalidSyntax('A PatchOp needs a non-empty "Operations" array');
  }
  const schemas = attributeOf(body, 'schemas');
  if (
    Array.isArray(schemas) &&
    !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())
  ) {
    throw scimInvalidSyntax(`A PatchOp's schemas must include ${PATCH_SCHEMA}`);
  }
  return operations.map((operation: unknown) => {
    if (!isObject(operation)) throw scimInvalidSyntax('Each operation must be an object');
    const rawOp = attributeOf(operation, 'op');
    const op = typeof rawOp === 'string' ? rawOp.trim().toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw scimInvalidSyntax('Each operation\'s "op" must be add, replace or remove');
    }
    const path = attributeOf(operation, 'path');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw scimInvalidSyntax('"path" must be a string');
    return {
      op,
      path: typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined,
      value: attributeOf(operation, 'value'),
    };
  });
}
