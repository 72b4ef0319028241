import type { THealthResponse, TReadinessResponse } from '@habitrack/contracts/health/get-health';
import { newestMigrationOfThisBuild, type Database } from '../../db/client.ts';
import type { AppDatabase } from '../../db/speed/app-database.ts';
import { latestAppliedMigration, pingDatabase } from '../../db/queries/health/health.ts';

// Whether the API can reach its database (for load balancers and monitoring).
export async function checkHealth(database: Database | AppDatabase): Promise<THealthResponse> {
  try {
    await pingDatabase(database.db);
    return { status: 'ok', database: database.kind };
  } catch {
    return { status: 'unavailable', database: database.kind };
  }
}

// Whether this instance may take traffic: the database answers and holds every migration this
// build carries (a deploy that runs `npm run migrate` first, with MIGRATE_ON_START=off, keeps new
// instances out of service until it has).
export async function checkReadiness(database: Database | AppDatabase): Promise<TReadinessResponse> {
  let applied: number | null;
  try {
    applied = await latestAppliedMigration(database.db);
  } catch {
    return { status: 'unavailable', detail: 'The database does not answer.' };
  }
  if (applied === null || applied < newestMigrationOfThisBuild()) {
    return {
      status: 'unavailable',
      detail: 'The database is not migrated to this version: run `npm run migrate`.',
    };
  }
  return { status: 'ready' };
}
