import { ScimError } from '../../lib/scim-error.ts';

// RFC 7644 §3.4.2.5 / §3.9: `attributes` (only these, beside those always returned) and
// `excludedAttributes` (all but these), as comma-separated attribute names, compared
// case-insensitively (RFC 7643 §2.1), optionally "name.givenName" or prefixed by a schema URN.
// `schemas`, `id` and `meta.resourceType` are always returned.
export type Projection = { attributes?: string; excludedAttributes?: string };

type Resource = Record<string, unknown>;
type Path = { top: string; sub: string | null };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ALWAYS = new Set(['schemas', 'id']);

function pathsOf(list: string | undefined, schemaUrns: string[]): Path[] | null {
  if (list === undefined || list.trim() === '') return null;
  return list.split(',').map((raw) => {
    let name = raw.trim();
    if (name === '') throw new ScimError(400, 'An attribute list has an empty name', 'invalidValue');
    // "urn:...:User:department" is the extension's sub-attribute; the core schema's URN is dropped.
    const urn = schemaUrns.find((u) => name.toLowerCase().startsWith(`${u.toLowerCase()}:`));
    if (urn && urn.toLowerCase().includes(':extension:')) return { top: urn, sub: name.slice(urn.length + 1) };
    if (urn) name = name.slice(urn.length + 1);
    if (schemaUrns.some((u) => u.toLowerCase() === name.toLowerCase())) return { top: name, sub: null };
    const dot = name.indexOf('.');
    return dot < 0 ? { top: name, sub: null } : { top: name.slice(0, dot), sub: name.slice(dot + 1) };
  });
}

const keyOf = (object: Record<string, unknown>, name: string) =>
  Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());

export function project<T extends Resource>(resource: T, projection: Projection): Partial<T> {
  const urns = Array.isArray(resource.schemas) ? (resource.schemas as string[]) : [];
  const only = pathsOf(projection.attributes, urns);
  const excluded = pathsOf(projection.excludedAttributes, urns);
  if (only) {
    const out: Resource = {};
    for (const [key, value] of Object.entries(resource)) {
      if (ALWAYS.has(key)) out[key] = value;
      else if (key === 'meta' && isObject(value)) out.meta = { resourceType: value.resourceType };
    }
    for (const { top, sub } of only) {
      const key = keyOf(resource, top);
      if (key === undefined || ALWAYS.has(key)) continue;
      const value = resource[key];
      if (sub === null || !isObject(value)) out[key] = value;
      else {
        const subKey = keyOf(value, sub);
        if (subKey === undefined) continue;
        const previous = isObject(out[key]) ? (out[key] as Resource) : {};
        out[key] = { ...previous, [subKey]: value[subKey] };
      }
    }
    return out as Partial<T>;
  }
  if (excluded) {
    const out: Resource = { ...resource };
    for (const { top, sub } of excluded) {
      const key = keyOf(out, top);
      if (key === undefined || ALWAYS.has(key)) continue;
      const value = out[key];
      if (sub === null) delete out[key];
      else if (isObject(value)) {
        const subKey = keyOf(value, sub);
        if (subKey !== undefined) out[key] = Object.fromEntries(Object.entries(value).filter(([k]) => k !== subKey));
      }
    }
    return out as Partial<T>;
  }
  return resource;
}
