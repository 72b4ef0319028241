import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { productionProblems } from './production-settings.ts';
import { DatabaseLockedError, migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox-worker.ts';
import { startNotificationScheduler, type NotificationScheduler } from './mail/notification-scheduler.ts';
import { mailTransportFor } from './mail/transport.ts';
import { startRetentionScheduler, type RetentionScheduler } from './services/retention/retention-scheduler.ts';
import { latestAppliedMigration } from './db/queries/health/health.ts';
import { isSeeded, seedDemo, demoAccounts } from './seed/seed-demo.ts';

function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
      })
    : openDatabase({ kind: 'pglite', dataDir: path.resolve(config.dataDir) });
}

// One sentence per problem, each naming the variable at fault and the fix.
function refuseToStart(sentences: string[]): never {
  console.error(
    sentences.length === 1
      ? `HabiTrack cannot start. ${sentences[0]}`
      : `HabiTrack cannot start:\n${sentences.map((sentence) => `- ${sentence}`).join('\n')}`,
  );
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuseToStart([error.message]);
    throw error;
  }
  // Production refuses every demo default before it opens anything (docs/operations/deploy.md).
  const problems = productionProblems(config);
  if (problems.length) refuseToStart(problems);
  // Written to standard output asynchronously: under load a line waits for the one before it
  // instead of holding the request, and lines that pile up go out in one write. What is still
  // waiting when the process exits (process.exit included) is written before it does.
  const logger = pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: false }));
  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseLockedError) refuseToStart([error.message]);
    throw error;
  }
  // MIGRATE_ON_START=off: a deploy runs `npm run migrate` once beforehand; until it has, /readyz
  // keeps this instance out of service.
  // Whether the database holds any migration: read once, by the check that it answers.
  let migrated = true;
  try {
    if (config.migrateOnStart) await migrateDatabase(database);
    else migrated = (await latestAppliedMigration(database.db)) !== null;
  } catch (error) {
    await database.close().catch(() => {});
    refuseToStart([
      `The database ${config.databaseUrl ? 'at DATABASE_URL' : `in ${config.dataDir}`} could not be reached or migrated (${reasonOf(error)}): check that it is running and reachable, then start again.`,
    ]);
  }
  if (config.env === 'production') {
    // A database not yet migrated (MIGRATE_ON_START=off before `npm run migrate`) holds no demo data.
    if (migrated && (await isSeeded(database.db))) {
      await database.close();
      refuseToStart([
        'The database holds the demo organisation (Acme Corp): point DATABASE_URL at a database of your own, since production never serves the demo data.',
      ]);
    }
  } else if (config.demoSeed && config.role !== 'worker') {
    if (await isSeeded(database.db)) {
      logger.info('Demo data already present');
    } else {
      logger.info('Seeding demo data');
      await seedDemo(database.db, { goals: config.demoGoals });
    }
  }

  const app = await buildApp({ config, database, logger });
  let closing = false;
  let outbox: OutboxWorker | null = null;
  let notifications: NotificationScheduler | null = null;
  let retention: RetentionScheduler | null = null;
  // Requests in flight finish (app.close() stops accepting and waits for them); after
  // SHUTDOWN_TIMEOUT_MS the remaining connections are cut, so a stuck request cannot hold the
  // process (and the database) forever.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    let exitCode = 0;
    const cutOff = setTimeout(() => {
      app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timeout: closing remaining connections');
      app.server.closeAllConnections();
      // Last resort when something other than a connection still holds the shutdown.
      setTimeout(() => {
        app.log.error('shutdown still not complete 5 s after the timeout: exiting');
        process.exit(1);
      }, 5_000).unref();
    }, config.shutdownTimeoutMs);
    try {
      // The tick being run and the e-mail being sent finish (and are marked) before the database closes.
      await notifications?.stop();
      await retention?.stop();
      await outbox?.stop();
      await app.close();
    } catch (error) {
      exitCode = 1;
      app.log.error({ err: error }, 'shutdown did not complete cleanly');
    } finally {
      clearTimeout(cutOff);
      try {
        await database.close();
      } catch (error) {
        exitCode = 1;
        app.log.error({ err: error }, 'the database did not close cleanly');
      }
      process.exit(exitCode);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The timed jobs run where ROLE is worker or all (the demo); each is claimed in the database, so
  // any number of workers do each job once (decision 015).
  if (config.role !== 'api') {
    const transport = mailTransportFor(config, app.log);
    if (transport && !closing) outbox = startOutboxWorker({ db: database.db, transport, logger: app.log });
    else app.log.warn('SMTP_URL is not set: e-mail stays queued in the outbox until it is');
    if (config.notifications.scheduler && !closing) {
      notifications = startNotificationScheduler({
        db: database.db,
        logger: app.log,
        publicUrl: config.publicUrl,
        unsubscribeSecret: config.notifications.unsubscribeSecret,
        tickSeconds: config.notifications.tickSeconds,
        // A worker that starts (or restarts) catches up at once rather than at the next minute.
        tickAtStart: true,
      });
    }
    // Retention (docs/domain/retention.md): once a day per organisation, claimed in the database.
    if (!closing) retention = startRetentionScheduler({ db: database.db, logger: app.log, tickAtStart: true });
  }
  app.log.info({ role: config.role }, 'started');
  if (config.role === 'worker') return;
  const url = config.publicUrl;
  console.log(`\nHabiTrack is running at ${url}`);
  if (config.env !== 'production') {
    console.log('Demo accounts (sign in from the login page):');
    for (const account of demoAccounts()) {
      const language = account.locale ? `  [${account.locale}]` : '';
      console.log(`  ${account.role.padEnd(12)} ${account.email}  ${account.name}${language}`);
    }
  }
}

// The driver's own words: drizzle wraps them in "Failed query: …" with the statement.
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

main().catch((error: unknown) => {
  console.error('HabiTrack failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
