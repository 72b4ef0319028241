import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CallerStale, type CallerPrint } from './known-callers.ts';
import type { RunPrepared } from './prepared-statements.ts';

// What a parameter column holds; every value travels as text (or null) and is cast in the statement.
type ColumnType = 'uuid' | 'date' | 'text' | 'habit_log_type';
export type Call = Record<string, string | null>;

// The table of calls a shared statement reads: `table` goes in its from clause (`calls`, one row
// per call, a column per parameter and `position`, the call's place); the other fields name its
// columns.
export type CallTable<C extends Call> = { table: SQL; position: SQL } & { [K in keyof C]: SQL };

// What a statement that confirms its caller compares, per call: the user, the identity that led to
// them and the print of their rows when they were read (known-callers.ts).
export type CallerColumns = { userId: SQL; identityId: SQL; print: SQL };

// A hot statement, written once for any number of calls: it selects `position` (the call's
// calls.position) and `row` (the answer, as JSON), at most one row per call; a call without a
// row is answered null.
export type SharedStatement<C extends Call, R> = {
  name: string;
  params: { [K in keyof C]: ColumnType };
  query: (p: CallTable<C>) => SQL;
  // Named subqueries the query reads (`name as (…)`, comma-separated), in the statement's own
  // top-level WITH: where PostgreSQL allows a write (insert … returning) inside a statement.
  with?: (p: CallTable<C>) => SQL;
  // Calls with the same key never share a statement (an upsert may not touch a row twice): each
  // goes in a later statement, in the order the calls came.
  conflictKey?: (call: C) => string;
  // A statement that confirms its caller: `caller` names the parameter holding the caller's user id,
  // and `isCurrent` is true while the caller is as they were read. A call made for a known caller
  // (known-callers.ts) whose caller is no longer current is left out of the statement (it reads
  // and writes nothing for it) and answered `CallerStale`.
  confirms?: { caller: keyof C & string; isCurrent: (caller: CallerColumns) => SQL };
  // Types the answer only.
  answer?: R;
};

export function sharedStatement<C extends Call, R>(statement: SharedStatement<C, R>): SharedStatement<C, R> {
  return statement;
}

const column = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const CALLER_PARAMS = { callerIdentity: 'uuid', callerPrint: 'text' } as const;

function callTable<C extends Call>(
  statement: SharedStatement<C, unknown>,
): CallTable<C> & { confirming: ((query: SQL, named: SQL | null) => SQL) | null } {
  const params: Record<string, ColumnType> = statement.confirms
    ? { ...statement.params, ...CALLER_PARAMS }
    : statement.params;
  const names = Object.keys(params);
  // Every parameter travels as a text array (both drivers send those alike) and is cast here.
  const arrays = sql.join(
    names.map((name) => sql`${sql.placeholder(name)}::text[]`),
    sql`, `,
  );
  const casts = names.map((name, i) => `t.v${i}::${params[name]} as ${column(name)}`).join(', ');
  const values = names.map((_, i) => `v${i}`).join(', ');
  const unnested = sql`(select ${sql.raw(casts)}, t.position::int as position
    from unnest(${arrays}) with ordinality as t(${sql.raw(values)}, position))`;
  const refs = Object.fromEntries(names.map((name) => [name, sql.raw(`calls.${column(name)}`)]));
  const { confirms } = statement;
  if (!confirms)
    return {
      ...refs,
      table: sql`${unnested} as calls`,
      position: sql`calls.position`,
      confirming: null,
    } as never;
  const current = confirms.isCurrent({
    userId: sql.raw(`c.${column(confirms.caller)}`),
    identityId: sql.raw('c.caller_identity'),
    print: sql.raw('c.caller_print'),
  });
  // Each call's caller is checked once (a call without a print has nothing to confirm): the calls
  // whose caller is current are the statement's table, the others answer a negative position.
  const table = sql`(select * from checked_calls where caller_current) as calls`;
  const confirming = (query: SQL, named: SQL | null) => sql`with checked_calls as materialized (
    select c.*, c.caller_print is null or ${current} as caller_current from ${unnested} c)${named ? sql`, ${named}` : sql``}
    ${query}
    union all select -c.position, null from checked_calls c where not c.caller_current`;
  return { ...refs, table, position: sql`calls.position`, confirming } as never;
}

const dialect = new PgDialect({ casing: 'snake_case' });

// The statement's text, and for each of its placeholders the parameter it stands for.
type StatementText = { text: string; values: (calls: Call[]) => (string | null)[][] };

export function statementText<C extends Call>(statement: SharedStatement<C, unknown>): StatementText {
  const table = callTable(statement);
  const named = statement.with?.(table) ?? null;
  const query = dialect.sqlToQuery(
    table.confirming
      ? table.confirming(statement.query(table), named)
      : named
        ? sql`with ${named} ${statement.query(table)}`
        : statement.query(table),
  );
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

  // `caller`: for a statement that confirms its caller, the known caller it must confirm, if any.
  run<C extends Call, R>(
    statement: SharedStatement<C, R>,
    call: C,
    caller: CallerPrint | null = null,
  ): Promise<R | null> {
    if (statement.confirms) {
      call = { ...call, callerIdentity: caller?.identityId ?? null, callerPrint: caller?.print ?? null };
    }
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

  private async execute<C extends Call, R>(
    statement: SharedStatement<C, R>,
    calls: C[],
  ): Promise<Map<number, R | CallerStale>> {
    let text = this.texts.get(statement);
    if (!text) {
      text = statementText(statement);
      this.texts.set(statement, text);
    }
    const rows = await this.runPrepared(statement.name, text.text, text.values(calls));
    // A negative position: that call's caller is no longer as known.
    return new Map<number, R | CallerStale>(
      rows.map(([position, row]) =>
        (position as number) < 0 ? [-(position as number), new CallerStale()] : [position as number, row as R],
      ),
    );
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
