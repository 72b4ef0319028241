import type { THealthResponse } from '@habitrack/contracts/health/get-health';
import type { Database } from '../db/client.ts';
import type { AppDatabase } from '../db/speed/app-database.ts';
import { pingDatabase } from '../db/queries/health.ts';

// Whether the API can reach its database (for load balancers and monitoring).
export async function checkHealth(database: Database | AppDatabase): Promise<THealthResponse> {
  try {
    await pingDatabase(database.db);
    return { status: 'ok', database: database.kind };
  } catch {
    return { status: 'unavailable', database: database.kind };
  }
}
