// The caller of a SCIM request: a token of one organisation (never a person).
export type ScimCaller = { tokenId: string; organisationId: string; baseUrl: string };

// The ids SCIM hands out are uuids: anything else names no resource (and is never sent to the database).
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
