import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { snapshotTables } from '../../../imports/testing/table-snapshot.ts';
import type { TestIssuers } from '../../../test/tokens.ts';
import { createWorld, type Member } from '../../../test/world.ts';

// Shared by the console's cohort, content, settings, token and audit tests.
export const ADMIN = '/api/v1/admin';

export type ConsoleCall = { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object };

export function consoleCaller(app: App) {
  return async (member: Member, call: ConsoleCall) => {
    const response = await app.inject({ ...call, headers: member.headers });
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    return { status: response.statusCode, body: json ? response.json() : response.body };
  };
}

// An organisation (createWorld) with an administrator in no cohort, a member in the cohort and a
// leader; and another organisation with its own administrator.
export async function createConsoleWorlds(db: Db, issuers: TestIssuers) {
  const world = await createWorld(db, issuers);
  const admin = await world.person({ isAdmin: true, inCohort: false });
  const member = await world.person();
  const leader = await world.person({ role: 'leader' });
  const foreign = await createWorld(db, issuers);
  const foreignAdmin = await foreign.person({ isAdmin: true, inCohort: false });
  return { world, admin, member, leader, foreign, foreignAdmin };
}

export type ConsoleWorlds = Awaited<ReturnType<typeof createConsoleWorlds>>;

// The organisation's audit rows of one action, newest first.
export function auditRowsOf(db: Db, options: { organisationId: string; action: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, options.organisationId), eq(auditLog.action, options.action)))
    .orderBy(desc(auditLog.createdAt));
}

// Every table but `identities`: a person's first request links their sign-in account, which is
// sign-in's write, not the operation's.
async function snapshot(db: Db) {
  const tables = await snapshotTables(db);
  delete tables.identities;
  return tables;
}

// Runs a call that must answer `status`, and checks that no table changed at all.
export async function refusedWithoutWrites(
  db: Db,
  run: () => Promise<{ status: number; body: unknown }>,
  status: number,
): Promise<unknown> {
  const before = await snapshot(db);
  const answer = await run();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(await snapshot(db)).toEqual(before);
  return answer.body;
}
