import type { TCreateScimTokenResponse, TScimToken } from '@habitrack/contracts/admin/scim-tokens';
import type { DbOrTx } from '../../db/client.ts';
import { listScimTokens, revokeScimToken } from '../../db/queries/admin/scim-tokens.ts';
import { notFound } from '../../lib/errors.ts';
import type { Admin } from './admin.ts';
import { auditWrite } from '../audit/audit-trail.ts';
import { createScimToken } from '../scim/tokens.service.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';

// SCIM tokens in the administration console (docs/domain/scim.md#scim-tokens, decision 018): made
// as the command line makes them (createScimToken, which audits the creation), listed without
// hashes, revoked by setting revoked_at once.
const TOKEN_NOT_FOUND = 'This SCIM token was not found in your organisation.';

export function listTokens(database: AppDatabase, admin: Admin): Promise<TScimToken[]> {
  const db = database.db;
  return listScimTokens(db, { organisationId: admin.organisationId });
}

async function tokenView(db: DbOrTx, admin: Admin, tokenId: string): Promise<TScimToken> {
  const [token] = await listScimTokens(db, { organisationId: admin.organisationId, tokenId });
  if (!token) throw notFound(TOKEN_NOT_FOUND);
  return token;
}

export async function createToken(database: AppDatabase, admin: Admin): Promise<TCreateScimTokenResponse> {
  const db = database.db;
  const created = await createScimToken(db, { organisationId: admin.organisationId, createdBy: admin.id });
  return { ...(await tokenView(db, admin, created.id)), token: created.token };
}

// Revoking twice answers the token as first revoked and writes nothing the second time.
export async function revokeToken(
  database: AppDatabase,
  options: { admin: Admin; tokenId: string },
): Promise<TScimToken> {
  const db = database.db;
  const { admin, tokenId } = options;
  return db.transaction(async (tx) => {
    const before = await tokenView(tx, admin, tokenId);
    if (await revokeScimToken(tx, { organisationId: admin.organisationId, tokenId })) {
      const after = await tokenView(tx, admin, tokenId);
      await auditWrite(tx, admin, {
        action: 'scim_token.revoke',
        entity: 'scim_token',
        entityId: tokenId,
        before: { prefix: before.prefix, revoked_at: before.revoked_at },
        after: { prefix: after.prefix, revoked_at: after.revoked_at },
      });
      return after;
    }
    return before;
  });
}
