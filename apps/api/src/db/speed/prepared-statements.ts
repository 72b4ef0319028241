import { protocol, types, type PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

// Runs a statement by name, parsed and planned once per connection rather than per call; each
// row comes back as an array of its column values, parsed by type (int, json, ...).
export type RunPrepared = (name: string, text: string, values: unknown[][]) => Promise<unknown[][]>;

// node-postgres sends a named statement's text once per connection, and its name afterwards.
export function preparedOnPostgres(pool: pg.Pool, onQuery?: (sql: string) => void): RunPrepared {
  return async (name, text, values) => {
    onQuery?.(text);
    return (await pool.query({ name, text, values, rowMode: 'array' })).rows;
  };
}

// PGlite's query() parses, analyses and plans its text on every call, in several calls into its
// WebAssembly backend. A named statement is parsed once; each call is then one bind, execute and
// sync, written with PGlite's own protocol serializer. Like query(), it waits for any open
// transaction and any running statement (PGlite's own locks), so it never runs inside another
// request's transaction.
const TEXT_ARRAY = 1009;

// One per PGlite instance: its backend holds the statements this prepared.
export function preparedOnPglite(client: PGlite, onQuery?: (sql: string) => void): RunPrepared {
  const resultTypes = new Map<string, number[]>();
  const send = async (...messages: Uint8Array[]) =>
    (await client.execProtocol(join(messages), { syncToFs: false })).messages;

  return (name, text, values) => {
    onQuery?.(text);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let columns = resultTypes.get(name);
        if (!columns) {
          const described = await send(
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          );
          const row = described.find((m) => m.name === 'rowDescription') as
            { fields: { dataTypeID: number }[] } | undefined;
          columns = row?.fields.map((field) => field.dataTypeID) ?? [];
          resultTypes.set(name, columns);
        }
        // Every parameter is a text array (shared-statements.ts).
        const textArray = client.serializers[TEXT_ARRAY]!;
        const messages = await send(
          protocol.serialize.bind({ statement: name, values: values.map((value) => textArray(value)) }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        );
        await client.syncToFs();
        return messages
          .filter((m) => m.name === 'dataRow')
          .map((m) =>
            (m as unknown as { fields: (string | null)[] }).fields.map((value, i) =>
              types.parseType(value, columns[i]!, client.parsers),
            ),
          );
      }),
    );
  };
}

// The same calls without naming the statement: each is parsed and planned afresh, as the drivers do
// by default (SPEED_OFF=named-statements, to measure what naming buys).
export function unnamedOnPostgres(pool: pg.Pool, onQuery?: (sql: string) => void): RunPrepared {
  return async (_name, text, values) => {
    onQuery?.(text);
    return (await pool.query({ text, values, rowMode: 'array' })).rows;
  };
}

export function unnamedOnPglite(client: PGlite, onQuery?: (sql: string) => void): RunPrepared {
  return async (_name, text, values) => {
    onQuery?.(text);
    return (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  };
}

function join(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((size, m) => size + m.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}
