import { ScimError } from '../../lib/scim-error.ts';

// A list of Users or Groups (RFC 7644 §3.4.2): its paging and its ListResponse.
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const MAX_COUNT = 200;

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new ScimError(400, `${name} must be an integer`, 'invalidValue');
  return Number(value);
}

// Past any organisation's size: a larger startIndex answers the same empty page (and stays a
// number the database takes as an offset).
const MAX_START_INDEX = 1_000_000_000;

// RFC 7644 §3.4.2.4: a startIndex below 1 means 1, a negative count means 0.
export function paging(query: { startIndex?: string; count?: string }) {
  const startIndex = Math.min(MAX_START_INDEX, Math.max(1, positiveInteger(query.startIndex, 1, 'startIndex')));
  const count = Math.min(MAX_COUNT, Math.max(0, positiveInteger(query.count, 100, 'count')));
  return { startIndex, count };
}

export const listResponse = <T>(total: number, startIndex: number, resources: T[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
