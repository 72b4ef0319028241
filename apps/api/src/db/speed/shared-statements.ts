import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { RunPrepared } from './prepared-statements.ts';

// What a parameter column holds; every value travels as text (or null) and is cast in the statement.
type ColumnType = 'uuid' | 'date' | 'text' | 'habit_log_type';
export type Call = Record<string, string | null>;

// The table of calls a shared statement reads: `table` goes in its from clause (`calls`, one row
// per call, a column per parameter and `position`, the call's place); the other fields name its
// columns.
export type CallTable<C extends Call> = { table: SQL; position: SQL } & { [K in keyof C]: SQL };

// A hot statement, written once for any number of calls: it selects `position` (the call's
// calls.position) and `row` (the answer, as JSON), at most one row per call; a call without a
// row is answered null.
export type SharedStatement<C extends Call, R> = {
  name: string;
  params: { [K in keyof C]: ColumnType };
  query: (p: CallTable<C>) => SQL;
  // Calls with the same key never share a statement (an upsert may not touch a row twice): each
  // goes in a later statement, in the order the calls came.
  conflictKey?: (call: C) => string;
  // Types the answer only.
  answer?: R;
};

export function sharedStatement<C extends Call, R>(statement: SharedStatement<C, R>): SharedStatement<C, R> {
  return statement;
}

const column = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function callTable<C extends Call>(params: SharedStatement<C, unknown>['params']): CallTable<C> {
  const names = Object.keys(params);
  // Every parameter travels as a text array (both drivers send those alike) and is cast here.
  const arrays = sql.join(
    names.map((name) => sql`${sql.placeholder(name)}::text[]`),
    sql`, `,
  );
  const casts = names.map((name, i) => `t.v${i}::${params[name]} as ${column(name)}`).join(', ');
  const values = names.map((_, i) => `v${i}`).join(', ');
  const table = sql`(select ${sql.raw(casts)}, t.position::int as position
    from unnest(${arrays}) with ordinality as t(${sql.raw(values)}, position)) as calls`;
  const refs = Object.fromEntries(names.map((name) => [name, sql.raw(`calls.${column(name)}`)]));
  return { ...refs, table, position: sql`calls.position` } as CallTable<C>;
}

const dialect = new PgDialect({ casing: 'snake_case' });

// The statement's text, and for each of its placeholders the parameter it stands for.
type StatementText = { text: string; values: (calls: Call[]) => (string | null)[][] };

export function statementText<C extends Call>(statement: SharedStatement<C, unknown>): StatementText {
  const query = dialect.sqlToQuery(statement.query(callTable(statement.params)));
  const names = query.params.map((p) => (p as { name: string }).name);
  return { text: query.sql, values: (calls) => names.map((name) => calls.map((call) => call[name] ?? null)) };
}

// The most calls one statement carries.
const MAX_CALLS = 100;

// The shared statements of one database. Calls made during one turn of the event loop go to the
// database together, as one statement with a row per call (under load many requests reach the
// same statement in one turn: one round trip, one wake-up of the database and, for a write, one
// commit serve them all); a lone call is a statement of one row. Each statement is prepared once
// per connection. With sharing off, every call is its own statement.
export class SharedStatements {
  // Per statement definition.
  private readonly loaders = new Map<object, DataLoader<Call, unknown>>();
  private readonly texts = new Map<object, StatementText>();

  constructor(
    private readonly runPrepared: RunPrepared,
    private readonly sharing: boolean,
  ) {}

  run<C extends Call, R>(statement: SharedStatement<C, R>, call: C): Promise<R | null> {
    if (!this.sharing) return this.runTogether(statement, [call]).then(([answer]) => answerOf(answer));
    let loader = this.loaders.get(statement);
    if (!loader) {
      loader = new DataLoader<Call, unknown>((calls) => this.runTogether(statement, calls as C[]), {
        cache: false,
        maxBatchSize: MAX_CALLS,
        // The whole turn: every request read from the network in it has reached its statement.
        batchScheduleFn: (send) => setImmediate(send),
      });
      this.loaders.set(statement, loader);
    }
    return loader.load(call) as Promise<R | null>;
  }

  // One answer (a row, null or an error) per call, in their order.
  private async runTogether<C extends Call, R>(
    statement: SharedStatement<C, R>,
    calls: readonly C[],
  ): Promise<(R | null | Error)[]> {
    const answers: (R | null | Error)[] = new Array(calls.length);
    for (const wave of waves(calls, statement.conflictKey)) {
      try {
        const rows = await this.execute(
          statement,
          wave.map((i) => calls[i]!),
        );
        wave.forEach((i, k) => (answers[i] = rows.get(k + 1) ?? null));
      } catch (error) {
        if (wave.length === 1) {
          answers[wave[0]!] = error instanceof Error ? error : new Error(String(error));
          continue;
        }
        // A failed statement has changed nothing: each call runs alone, for its own answer or error.
        for (const i of wave) answers[i] = (await this.runTogether(statement, [calls[i]!]))[0]!;
      }
    }
    return answers;
  }

  private async execute<C extends Call, R>(statement: SharedStatement<C, R>, calls: C[]): Promise<Map<number, R>> {
    let text = this.texts.get(statement);
    if (!text) {
      text = statementText(statement);
      this.texts.set(statement, text);
    }
    const rows = await this.runPrepared(statement.name, text.text, text.values(calls));
    return new Map(rows.map(([position, row]) => [position as number, row as R]));
  }
}

function answerOf<R>(answer: R | null | Error | undefined): R | null {
  if (answer instanceof Error) throw answer;
  return answer ?? null;
}

// The calls' indexes in statements to send one after the other: as few as can be, no two calls
// with the same conflict key in one.
function waves<C extends Call>(calls: readonly C[], conflictKey?: (call: C) => string): number[][] {
  if (!conflictKey) return [calls.map((_, i) => i)];
  const out: number[][] = [];
  const taken = new Map<string, number>();
  calls.forEach((call, i) => {
    const key = conflictKey(call);
    const wave = (taken.get(key) ?? -1) + 1;
    taken.set(key, wave);
    (out[wave] ??= []).push(i);
  });
  return out;
}

// The statement's SQL and parameters for the given calls (the benchmark prints its plan).
export function sharedStatementSql<C extends Call>(statement: SharedStatement<C, unknown>, calls: C[]) {
  const { text, values } = statementText(statement);
  return { sql: text, params: values(calls) };
}
