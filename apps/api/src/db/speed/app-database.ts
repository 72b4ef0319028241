import type { Database, Db } from '../client.ts';
import { HeldAnswers, type HeldAnswer } from './held-answers.ts';
import { SharedStatements, type Call, type SharedStatement } from './shared-statements.ts';

// What can be switched off (SPEED_OFF, docs/ARCHITECTURE.md "How the API stays fast").
export type SpeedSettings = { sharedStatements: boolean; namedStatements: boolean; heldAnswers: boolean };

// The database as the app holds it: `db` for plain queries, and the only two ways the hot paths
// are faster than a plain query. A hot statement goes through `run` (the calls of one turn share
// it); an answer kept between requests through `held`. It lives as long as the app.
export class AppDatabase {
  readonly db: Db;
  readonly kind: Database['kind'];
  private readonly statements: SharedStatements;
  private readonly answers: HeldAnswers<AppDatabase>;

  constructor(database: Database, settings: SpeedSettings) {
    this.db = database.db;
    this.kind = database.kind;
    this.statements = new SharedStatements(
      settings.namedStatements ? database.runPrepared : database.runUnnamed,
      settings.sharedStatements,
    );
    this.answers = new HeldAnswers<AppDatabase>(this, settings.heldAnswers);
  }

  run<C extends Call, R>(statement: SharedStatement<C, R>, call: C): Promise<R | null> {
    return this.statements.run(statement, call);
  }

  held<P, V>(answer: HeldAnswer<P, V, AppDatabase>, params: P): Promise<V | null> {
    return this.answers.get(answer, params);
  }

  // Drops every held answer (tests compare held answers with fresh reads).
  forgetHeld(): void {
    this.answers.forget();
  }
}
