import { isSupportedLocale, type TSupportedLocale } from '@habitrack/contracts/common/locales';
import type { ScimUserRow } from '../../db/queries/scim/scim.ts';
import { scimInvalidSyntax, scimInvalidValue, ScimError } from '../../lib/scim-error.ts';
import { isObject, patchOperations } from './patch.ts';
import { boolean, EMAIL, emailOf, localeOf, preferredLocaleOf, text } from './user-values.ts';

// userName = the e-mail (case-insensitive), externalId kept, name.givenName + name.familyName ->
// full name, title -> job title, active -> status, the enterprise extension's department -> team,
// preferredLanguage (else locale) -> the directory's locale (docs/domain/scim.md#the-user-mapping). Never the role nor is_admin. A directory whose userName
// is no e-mail address (Entra ID mapped to an employee id, say) is kept as sent, and the e-mail is
// then the `emails` value marked primary, else the work one, else the first.
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

export type UserDraft = {
  userName: string | null;
  // The address `emails` gives (the primary, else the work one, else the first).
  email: string | null;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  formatted: string | null;
  displayName: string | null;
  title: string | null;
  active: boolean;
  department: string | null;
  // The locale stored before this request, and the locales this request's preferredLanguage and
  // locale stand for: undefined when the request does not name the attribute, null when it names
  // one HabiTrack does not speak (or removes it).
  storedLocale: TSupportedLocale | null;
  preferredLanguage: TSupportedLocale | null | undefined;
  locale: TSupportedLocale | null | undefined;
};

export type UserFields = {
  email: string;
  // userName when it is not the e-mail.
  scimUserName: string | null;
  fullName: string;
  jobTitle: string | null;
  externalId: string | null;
  department: string | null;
  active: boolean;
  directoryLocale: TSupportedLocale | null;
};

// Attributes of the core and enterprise schemas that HabiTrack does not keep: accepted, ignored
// (Entra ID and Okta send them with their default mappings).
const IGNORED = new Set([
  'nickname',
  'profileurl',
  'usertype',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509certificates',
  'name.middlename',
  'name.honorificprefix',
  'name.honorificsuffix',
  'employeenumber',
  'costcenter',
  'organization',
  'division',
  'manager',
]);

function splitName(fullName: string): { givenName: string; familyName: string | null } {
  const at = fullName.indexOf(' ');
  return at < 0
    ? { givenName: fullName, familyName: null }
    : { givenName: fullName.slice(0, at), familyName: fullName.slice(at + 1) };
}

export function draftOf(row: ScimUserRow): UserDraft {
  const { givenName, familyName } = splitName(row.fullName);
  return {
    userName: row.scimUserName ?? row.email,
    email: row.email,
    externalId: row.externalId,
    givenName,
    familyName,
    formatted: null,
    displayName: null,
    title: row.jobTitle,
    active: row.deactivatedAt === null,
    department: row.teamName,
    storedLocale: isSupportedLocale(row.directoryLocale) ? row.directoryLocale : null,
    preferredLanguage: undefined,
    locale: undefined,
  };
}

export const emptyDraft = (): UserDraft => ({
  userName: null,
  email: null,
  externalId: null,
  givenName: null,
  familyName: null,
  formatted: null,
  displayName: null,
  title: null,
  active: true,
  department: null,
  storedLocale: null,
  preferredLanguage: undefined,
  locale: undefined,
});

// Sets one attribute by its path (case-insensitive, optionally prefixed by its schema's URN).
function setAttribute(draft: UserDraft, rawPath: string, value: unknown, op: 'add' | 'replace' | 'remove'): void {
  let path = rawPath.trim().toLowerCase();
  const enterprise = ENTERPRISE_SCHEMA.toLowerCase();
  if (path === enterprise) {
    if (op === 'remove') return void (draft.department = null);
    if (!isObject(value)) throw scimInvalidValue(`${rawPath} must be an object`);
    for (const [key, inner] of Object.entries(value)) setAttribute(draft, `${enterprise}:${key}`, inner, op);
    return;
  }
  if (path.startsWith(`${enterprise}:`)) path = path.slice(enterprise.length + 1);
  else if (path.startsWith(`${USER_SCHEMA.toLowerCase()}:`)) path = path.slice(USER_SCHEMA.length + 1);
  const head = path.split(/[.[]/)[0]!;
  const v = op === 'remove' ? null : value;
  switch (path) {
    case 'username':
      if (op === 'remove') throw new ScimError(400, 'userName cannot be removed', 'mutability');
      draft.userName = text(v, 'userName');
      return;
    case 'externalid':
      draft.externalId = text(v, 'externalId');
      return;
    case 'title':
      draft.title = text(v, 'title');
      return;
    case 'displayname':
      draft.displayName = text(v, 'displayName');
      return;
    case 'active':
      if (op === 'remove') throw new ScimError(400, 'active cannot be removed', 'mutability');
      draft.active = boolean(v, 'active');
      return;
    case 'department':
      draft.department = text(v, 'department');
      return;
    case 'preferredlanguage':
      draft.preferredLanguage = preferredLocaleOf(text(v, 'preferredLanguage'));
      return;
    case 'locale':
      draft.locale = localeOf(text(v, 'locale'));
      return;
    case 'name.givenname':
      draft.givenName = text(v, 'name.givenName');
      return;
    case 'name.familyname':
      draft.familyName = text(v, 'name.familyName');
      return;
    case 'name.formatted':
      draft.formatted = text(v, 'name.formatted');
      return;
    case 'name':
      if (v === null) return void Object.assign(draft, { givenName: null, familyName: null, formatted: null });
      if (!isObject(v)) throw scimInvalidValue('name must be an object');
      for (const [key, inner] of Object.entries(v)) setAttribute(draft, `name.${key}`, inner, op);
      return;
  }
  if (head === 'emails') return void (draft.email = emailOf(path, v, draft.email));
  if (IGNORED.has(path) || IGNORED.has(head) || path === 'schemas' || path === 'id' || path === 'meta') return;
  throw new ScimError(400, `Unknown attribute: ${rawPath}`, 'invalidPath');
}

// The attributes of a User resource (POST and PUT) over `base`.
export function applyResource(base: UserDraft, body: unknown): UserDraft {
  if (!isObject(body)) throw scimInvalidSyntax('The request body must be a JSON object');
  const draft = { ...base };
  for (const [key, value] of Object.entries(body)) setAttribute(draft, key, value, 'replace');
  return draft;
}

export function applyPatch(base: UserDraft, body: unknown): UserDraft {
  const draft = { ...base };
  for (const operation of patchOperations(body)) {
    const { op, path } = operation;
    if (path) setAttribute(draft, path, operation.value, op);
    else if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    else if (!isObject(operation.value)) throw scimInvalidValue('An operation without a path needs an object value');
    else for (const [key, value] of Object.entries(operation.value)) setAttribute(draft, key, value, op);
  }
  return draft;
}

export function fieldsOf(draft: UserDraft): UserFields {
  const userName = draft.userName;
  if (!userName) throw scimInvalidValue('userName is required');
  const userNameIsEmail = EMAIL.test(userName);
  const email = userNameIsEmail ? userName.toLowerCase() : draft.email;
  if (!email) {
    throw scimInvalidValue(
      'userName is not an e-mail address and emails holds none: send the e-mail in emails, or map ' +
        "the directory's userPrincipalName or mail to userName",
    );
  }
  const fromParts = [draft.givenName, draft.familyName].filter(Boolean).join(' ');
  const fullName = fromParts || draft.formatted || draft.displayName;
  if (!fullName) throw scimInvalidValue('name.givenName and name.familyName are required');
  return {
    email,
    scimUserName: userNameIsEmail ? null : userName,
    fullName,
    jobTitle: draft.title,
    externalId: draft.externalId,
    department: draft.department,
    active: draft.active,
    directoryLocale: directoryLocaleOf(draft),
  };
}

// preferredLanguage first, else locale, when the request names either; otherwise what was stored
// (a PATCH of other attributes keeps it; PUT and POST start from nothing stored).
function directoryLocaleOf(draft: UserDraft): TSupportedLocale | null {
  if (draft.preferredLanguage === undefined && draft.locale === undefined) return draft.storedLocale;
  return draft.preferredLanguage ?? draft.locale ?? null;
}

export function toResource(row: ScimUserRow, location: string) {
  const { givenName, familyName } = splitName(row.fullName);
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    id: row.id,
    ...(row.externalId === null ? {} : { externalId: row.externalId }),
    userName: row.scimUserName ?? row.email,
    name: { formatted: row.fullName, givenName, ...(familyName === null ? {} : { familyName }) },
    displayName: row.fullName,
    ...(row.jobTitle === null ? {} : { title: row.jobTitle }),
    active: row.deactivatedAt === null,
    emails: [{ value: row.email, type: 'work', primary: true }],
    // The one locale HabiTrack keeps from the directory answers both attributes.
    ...(isSupportedLocale(row.directoryLocale)
      ? { preferredLanguage: row.directoryLocale, locale: row.directoryLocale }
      : {}),
    [ENTERPRISE_SCHEMA]: row.teamName === null ? {} : { department: row.teamName },
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), location },
  };
}
