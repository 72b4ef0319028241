import type { Database, Db } from '../client.ts';
import type { SignedInUser } from '../../types/signed-in-user.ts';
import { HeldAnswers, type DerivedAnswer, type HeldAnswer } from './held-answers.ts';
import { KnownCallers } from './known-callers.ts';
import { SharedStatements, type Call, type SharedStatement } from './shared-statements.ts';

// What can be switched off (SPEED_OFF, docs/ARCHITECTURE.md "How the API stays fast").
export type SpeedSettings = {
  sharedStatements: boolean;
  namedStatements: boolean;
  heldAnswers: boolean;
  knownCallers: boolean;
};

// The database as the app holds it: `db` for plain queries, and the only ways the hot paths are
// faster than a plain query. A hot statement goes through `run` (the calls of one turn share it);
// an answer kept between requests through `held` (and one made from held answers alone through
// `derived`); a caller read on an earlier request through
// `callers`, confirmed by the request's first hot statement. It lives as long as the app.
export class AppDatabase {
  readonly kind: Database['kind'];
  readonly callers: KnownCallers<SignedInUser>;
  private readonly plain: Db;
  private readonly statements: SharedStatements;
  private readonly answers: HeldAnswers<AppDatabase>;

  constructor(database: Database, settings: SpeedSettings) {
    this.plain = database.db;
    this.kind = database.kind;
    this.statements = new SharedStatements(
      settings.namedStatements ? database.runPrepared : database.runUnnamed,
      settings.sharedStatements,
    );
    this.answers = new HeldAnswers<AppDatabase>(this, settings.heldAnswers);
    this.callers = new KnownCallers<SignedInUser>(settings.knownCallers);
  }

  // Plain Drizzle. Reaching it first confirms no known caller (known-callers.ts).
  get db(): Db {
    this.callers.touch(null);
    return this.plain;
  }

  run<C extends Call, R>(statement: SharedStatement<C, R>, call: C): Promise<R | null> {
    const caller = this.callers.touch(statement.confirms ? (call[statement.confirms.caller] ?? null) : null);
    return this.statements.run(statement, call, caller);
  }

  held<P, V>(answer: HeldAnswer<P, V, AppDatabase>, params: P): Promise<V | null> {
    return this.answers.get(answer, params);
  }

  // An answer made from held answers alone, kept while they hand out the same values.
  derived<P, V>(answer: DerivedAnswer<P, V>, params: P): V {
    return this.answers.derive(answer, params);
  }

  // Drops every held answer (tests compare held answers with fresh reads).
  forgetHeld(): void {
    this.answers.forget();
  }
}
