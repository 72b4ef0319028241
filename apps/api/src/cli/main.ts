import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';
import { ImportError, formatProblems } from '../imports/import-error.ts';
import { describePeopleImport, describeProgrammeImport } from '../imports/import-summary.ts';
import { demoAccounts, seedDemo } from '../seed/seed-demo.ts';
import { importPeopleByCommand, importProgrammeByCommand } from '../services/admin/command-imports.ts';
import { createScimToken, UnknownOrganisationError } from '../services/scim/tokens.service.ts';
import { describeFailure, migrate } from './migrate.ts';

const USAGE = `Usage:
  npm run migrate                    apply the database migrations of this version, then exit
                                     (in development: npm run cli -w apps/api -- migrate)
  npm run programme -- import FILE   import programme content (behaviours, habits, ...) from YAML
  npm run people -- import FILE      import an organisation's teams, users and cohorts from YAML
  npm run cli -w apps/api -- demo seed   load the demo data unless it is already there
  npm run admin -- scim-token create --org ORGANISATION_ID
                                     make a SCIM token for the organisation (printed once)

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default .data);
stop the server first when using the embedded database. See docs/operations/importing.md.`;

class UsageError extends Error {}
// The command ran and failed; its message is the sentence to print.
class CommandFailed extends Error {}

// `npm run -w apps/api` runs this with apps/api as the working directory; npm records where the
// command was typed in INIT_CWD, which is what a relative FILE or DATA_DIR means to the person
// typing it. This is npm's invocation context, not configuration, hence not in config.ts.
const invocationDir = process.env.INIT_CWD || process.cwd();

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: path.resolve(invocationDir, config.dataDir) });
}

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    return await run(database);
  } finally {
    await database.close();
  }
}

async function runMigrate(): Promise<string> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    throw new CommandFailed(`The database could not be opened, so nothing was migrated: ${describeFailure(error)}.`);
  }
  try {
    return await migrate(database);
  } catch (error) {
    const where = config.databaseUrl ? 'check DATABASE_URL and that the server answers' : 'check DATA_DIR';
    throw new CommandFailed(`The database was not migrated (${where}): ${describeFailure(error)}.`);
  } finally {
    await database.close().catch(() => {});
  }
}

async function readSource(file: string): Promise<string> {
  try {
    return await readFile(path.resolve(invocationDir, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`${file}: cannot read the file (${reason})`);
  }
}

async function runImport(kind: 'programme' | 'people', file: string): Promise<string> {
  const source = await readSource(file);
  // Problems are reported against the path as typed, so terminals and editors can open it.
  const options = { source, fileName: file };
  return withDatabase(async ({ db }) =>
    kind === 'programme'
      ? describeProgrammeImport(await importProgrammeByCommand(db, options))
      : describePeopleImport(await importPeopleByCommand(db, options)),
  );
}

async function runDemoSeed(): Promise<string> {
  const result = await withDatabase(({ db }) => seedDemo(db));
  const accounts = demoAccounts().map(
    (a) =>
      `  ${a.role.padEnd(12)} ${a.email}  ${a.name}${a.locale ? ` [${a.locale}]` : ''}${a.note ? ` (${a.note})` : ''}`,
  );
  const head = result.seeded
    ? `Demo data seeded: ${result.userHabits} active habits, ${result.habitLogs} habit logs, ${result.moodEntries} mood entries, ${result.endorsements} endorsements.`
    : 'Demo data already present; nothing changed.';
  return [head, 'Demo accounts:', ...accounts].join('\n');
}

// The token is printed once: only its SHA-256 hash is stored (decision 018).
async function runScimTokenCreate(organisationId: string): Promise<string> {
  const created = await withDatabase(({ db }) => createScimToken(db, { organisationId, createdBy: null })).catch(
    (error: unknown) => {
      throw error instanceof UnknownOrganisationError ? new UsageError(error.message) : error;
    },
  );
  return [
    `SCIM token ${created.prefix}… created for organisation ${organisationId}.`,
    'Copy it now: it is shown only this once.',
    created.token,
  ].join('\n');
}

async function main(args: readonly string[]): Promise<string> {
  if (args[0] === 'admin' && args[1] === 'scim-token' && args[2] === 'create' && args[3] === '--org' && args[4]) {
    if (args.length === 5) return runScimTokenCreate(args[4]);
  }
  const [command, action, file, ...rest] = args;
  if ((command === 'programme' || command === 'people') && action === 'import' && file && rest.length === 0) {
    return runImport(command, file);
  }
  if (command === 'demo' && action === 'seed' && file === undefined) return runDemoSeed();
  if (command === 'migrate' && args.length === 1) return runMigrate();
  if (command === 'help' || command === '--help') return USAGE;
  throw new UsageError(args.length === 0 ? USAGE : `Unknown command: ${args.join(' ')}\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (summary) => console.log(summary),
  (error: unknown) => {
    if (error instanceof ImportError) {
      console.error(formatProblems(error.fileName, error.problems));
      console.error(
        `Nothing was imported: fix the ${error.problems.length === 1 ? 'problem' : 'problems'} above and run the command again.`,
      );
    } else if (error instanceof UsageError || error instanceof ConfigError || error instanceof CommandFailed) {
      console.error(error.message);
    } else {
      console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // 2 = the command itself was wrong (nothing was attempted), 1 = it ran and failed.
    process.exitCode = error instanceof UsageError && !error.message.includes('cannot read') ? 2 : 1;
  },
);
