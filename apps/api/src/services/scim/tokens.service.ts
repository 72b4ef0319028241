import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { insertAudit } from '../../db/queries/audit/audit.ts';
import { insertScimToken, organisationExists, useScimToken } from '../../db/queries/scim/scim.ts';
import { ScimError } from '../../lib/scim-error.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// 32 random bytes shown once, stored as a SHA-256 hash with a visible prefix
// (docs/domain/scim.md#scim-tokens).
const PREFIX = 'scim_';
export const hashScimToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export class UnknownOrganisationError extends Error {}

export async function createScimToken(
  db: Db,
  options: { organisationId: string; createdBy: string | null },
): Promise<{ id: string; token: string; prefix: string }> {
  if (
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(options.organisationId) ||
    !(await organisationExists(db, options.organisationId))
  ) {
    throw new UnknownOrganisationError(`No organisation has the id ${options.organisationId}`);
  }
  const token = PREFIX + randomBytes(32).toString('base64url');
  const prefix = token.slice(0, PREFIX.length + 6);
  return db.transaction(async (tx) => {
    const { id } = await insertScimToken(tx, {
      organisationId: options.organisationId,
      prefix,
      tokenHash: hashScimToken(token),
      createdBy: options.createdBy,
    });
    await insertAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.createdBy,
      action: 'scim_token.create',
      entity: 'scim_token',
      entityId: id,
      after: { prefix },
    });
    return { id, token, prefix };
  });
}

// The organisation a SCIM request acts for, from its bearer token; 401 otherwise.
export async function scimCallerOf(database: AppDatabase, authorization: string | undefined) {
  const db = database.db;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) throw new ScimError(401, 'A SCIM bearer token is required');
  const used = await useScimToken(db, hashScimToken(match[1]!));
  if (!used) throw new ScimError(401, 'The SCIM token is not valid or has been revoked');
  return { tokenId: used.id, organisationId: used.organisationId };
}
