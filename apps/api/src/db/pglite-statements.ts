import { types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LruMap } from '../lib/lru.ts';

// PGlite's query() sends every statement unnamed: each call parses, analyses and plans the text
// again, in five round trips into the WebAssembly backend. Here a statement text this process has
// sent before runs as a named prepared statement instead: parsed once, then bound and executed in
// one round trip, and after a few executions PostgreSQL keeps a generic plan for it. The same
// order and exclusivity as query() (it waits for an open transaction to finish), the same results
// and errors; texts are held least recently used first out and closed when dropped.

type Statement = { name: string; paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };
type Query = PGlite['query'];

const encoder = new TextEncoder();

// Frontend messages of the PostgreSQL wire protocol (version 3), built by hand: PGlite bundles its
// own serializer without exporting it.
class MessageWriter {
  private chunks: Uint8Array[] = [];
  private body: number[] | null = null;
  private bodyChunks: Uint8Array[] = [];

  private flushBytes() {
    if (this.body && this.body.length > 0) {
      this.bodyChunks.push(Uint8Array.from(this.body));
      this.body = [];
    }
  }

  begin(): this {
    this.body = [];
    this.bodyChunks = [];
    return this;
  }

  byte(code: string): this {
    this.body!.push(code.charCodeAt(0));
    return this;
  }

  int16(value: number): this {
    this.body!.push((value >> 8) & 0xff, value & 0xff);
    return this;
  }

  int32(value: number): this {
    this.body!.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
    return this;
  }

  bytes(value: Uint8Array): this {
    this.flushBytes();
    this.bodyChunks.push(value);
    return this;
  }

  cstring(value: string): this {
    return this.bytes(encoder.encode(value)).byte('\0');
  }

  end(code: string): this {
    this.flushBytes();
    const length = this.bodyChunks.reduce((sum, chunk) => sum + chunk.length, 0) + 4;
    const header = new Uint8Array(5);
    header[0] = code.charCodeAt(0);
    new DataView(header.buffer).setInt32(1, length);
    this.chunks.push(header, ...this.bodyChunks);
    this.body = null;
    this.bodyChunks = [];
    return this;
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}

const parseMessage = (w: MessageWriter, name: string, text: string) =>
  w.begin().cstring(name).cstring(text).int16(0).end('P');
const describeStatement = (w: MessageWriter, name: string) => w.begin().byte('S').cstring(name).end('D');
const closeStatement = (w: MessageWriter, name: string) => w.begin().byte('S').cstring(name).end('C');
const sync = (w: MessageWriter) => w.begin().end('S');

function bindAndExecute(w: MessageWriter, name: string, values: (string | null)[]) {
  w.begin().cstring('').cstring(name).int16(0).int16(values.length);
  for (const value of values) {
    if (value === null) {
      w.int32(-1);
    } else {
      const bytes = encoder.encode(value);
      w.int32(bytes.length).bytes(bytes);
    }
  }
  w.int16(0).end('B');
  w.begin().cstring('').int32(0).end('E');
}

// The result of one statement, shaped as PGlite's own query() shapes it.
function toResults<T>(
  messages: { name: string }[],
  fields: Statement['fields'],
  parsers: Record<number | string, types.Parser>,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  const rows: unknown[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  let command: string | undefined;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: (string | null)[] }).fields.map((value, i) =>
        types.parseType(value, fields[i]!.dataTypeID, parsers),
      );
      rows.push(rowMode === 'array' ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      command = words[0];
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (!Number.isNaN(count)) rowCount = count;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += count;
    }
  }
  return {
    rows: rows as T[],
    fields,
    affectedRows,
    ...(command ? { command } : {}),
    ...(rowCount === undefined ? {} : { rowCount }),
  } as Results<T>;
}

export type NamedStatementsOptions = { max?: number };

// Replaces client.query with the named-statement path above; other methods are untouched (inside a
// transaction PGlite's own query runs, as before).
export function useNamedStatements(client: PGlite, options: NamedStatementsOptions = {}): void {
  const unnamed: Query = client.query.bind(client);
  // Statements dropped from the map, closed in the backend before the next statement runs.
  const evicted: string[] = [];
  const statements = new LruMap<string, Statement>(options.max ?? 200, (_text, old) => evicted.push(old.name));
  const mergedParsers = new WeakMap<object, Record<number | string, types.Parser>>();
  let next = 0;

  const parsersFor = (queryOptions?: QueryOptions) => {
    if (!queryOptions?.parsers) return client.parsers;
    let merged = mergedParsers.get(queryOptions);
    if (!merged) {
      merged = { ...client.parsers, ...queryOptions.parsers };
      mergedParsers.set(queryOptions, merged);
    }
    return merged;
  };

  async function prepare(text: string): Promise<Statement> {
    const name = `habitrack_${++next}`;
    const w = new MessageWriter();
    parseMessage(w, name, text);
    describeStatement(w, name);
    sync(w);
    const { messages } = await client.execProtocol(w.finish(), { syncToFs: false });
    const paramTypes =
      (messages.find((m) => m.name === 'parameterDescription') as unknown as { dataTypeIDs: number[] } | undefined)
        ?.dataTypeIDs ?? [];
    const description = messages.find((m) => m.name === 'rowDescription') as unknown as
      { fields: { name: string; dataTypeID: number }[] } | undefined;
    const statement: Statement = {
      name,
      paramTypes,
      fields: description?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [],
    };
    statements.set(text, statement);
    if (evicted.length > 0) {
      const close = new MessageWriter();
      for (const old of evicted.splice(0)) closeStatement(close, old);
      sync(close);
      await client.execProtocol(close.finish(), { syncToFs: false });
    }
    return statement;
  }

  client.query = (async <T>(text: string, params?: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> => {
    if (client.closed || queryOptions?.paramTypes || queryOptions?.blob || queryOptions?.onNotice) {
      return unnamed<T>(text, params, queryOptions);
    }
    const run = async (statement: Statement) => {
      const serializers = queryOptions?.serializers;
      const values = (params ?? []).map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i]!;
        const serialize = serializers?.[type] ?? client.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      const w = new MessageWriter();
      bindAndExecute(w, statement.name, values);
      sync(w);
      const { messages } = await client.execProtocol(w.finish(), { syncToFs: false });
      await client.syncToFs();
      return toResults<T>(messages, statement.fields, parsersFor(queryOptions), queryOptions?.rowMode);
    };
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
        try {
          return await run(statement);
        } catch (error) {
          // A table the statement reads changed shape since it was prepared: prepare it again.
          if ((error as { code?: string }).code !== '0A000' || !/cached plan/.test(String(error))) throw error;
          statements.delete(text);
          evicted.push(statement.name);
          return await run(await prepare(text));
        }
      }),
    );
  }) as Query;
}
