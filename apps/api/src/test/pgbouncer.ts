import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { portToListenOn } from './ports.ts';

// The URL of a PostgreSQL database, to put PgBouncer in front of it.
export function serverUrlOf(database: Database): string {
  if (database.kind !== 'postgres') throw new Error('PgBouncer stands in front of PostgreSQL only');
  if (!database.migrationTarget) throw new Error('This database has no server URL');
  return database.migrationTarget.url;
}

// Debian's pgbouncer, started in a folder of its own in transaction pooling mode in front of the
// server of `serverUrl` (trust authentication, as on the development machine).
export function pgBouncerInstalled(): boolean {
  return spawnSync('pgbouncer', ['--version']).status === 0;
}

export async function startPgBouncer(options: { serverUrl: string; serverConnections: number }) {
  const server = new URL(options.serverUrl);
  const folder = mkdtempSync(path.join(tmpdir(), 'habitrack-pgbouncer-'));
  const port = await portToListenOn();
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(folder, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.serverConnections}`,
      'max_client_conn = 500',
      // Startup parameters node-postgres may send; PgBouncer refuses unknown ones otherwise.
      'ignore_startup_parameters = extra_float_digits,statement_timeout,options',
      `logfile = ${path.join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it is given the database's service user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const postgres = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(folder, Number(postgres.stdout), Number(gid.stdout));
  }
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(folder, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const url = new URL(options.serverUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: url.toString(),
    stop: async () => {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
