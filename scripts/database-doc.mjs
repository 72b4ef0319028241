#!/usr/bin/env node
// `node scripts/database-doc.mjs [--check]`: writes docs/database.md, the triggers the database
// has after the last migration, from apps/api/migrations read in the journal's order
// (meta/_journal.json). For each trigger: its table, events, timing and level, its function, what
// it maintains, the migration that last defined the trigger and the one that last defined its
// function, and the functions it calls with every migration that defined them (helpers are
// redefined by later migrations, which is why this file exists).
//
// What a trigger function maintains is the SQL comment right above its CREATE FUNCTION (or above
// the DROPs right before it) in the latest migration that defines it; failing that, its entry in
// DESCRIPTIONS below. A trigger function with neither stops the script (exit 1, naming it), so no
// trigger goes undocumented. A trigger's own comment is shown with it.
//
// The statements read: CREATE [OR REPLACE] FUNCTION / TRIGGER, DROP FUNCTION / TRIGGER / TABLE,
// ALTER FUNCTION / TRIGGER / TABLE ... RENAME TO. One PostgreSQL would refuse (a trigger created
// twice, a missing one dropped, a function dropped under its triggers without CASCADE) stops the
// script too. Statements inside a DO block or EXECUTE'd strings are not seen.
//
// --check writes nothing and exits 1 when docs/database.md differs from what it would write
// (scripts/database-doc.test.ts runs it in `npm test`).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(root, 'apps/api/migrations');
export const DOC_FILE = path.join(root, 'docs/database.md');

// What a trigger function maintains, for the functions whose latest definition has no comment
// above it. Keyed by function name; a comment in a later migration takes precedence.
export const DESCRIPTIONS = {
  habit_logs_row_changed:
    'A log changed in place: the stored progress of its user habit(s) when its habit, date or type changed, ' +
    'and the member’s activity version.',
  content_version_touch:
    'The one-row content version (`content_version`) that confirms held dashboard facts: programme content, ' +
    'a cohort’s name or programme changed.',
  cohort_standings_stripes_create:
    'A new cohort’s 16 standings stripes (`cohort_standings_stripes`, decision 010), so raising its standings ' +
    'version only ever updates a row.',
  endorsements_seen_touch_activity:
    'The member’s activity version when the marker of the endorsements they have seen moves (the dashboard ' +
    'counts those received since).',
  insight_member_weeks_changed:
    'The insights’ group sums (`insight_group_weeks`): a member’s fact added, changed or removed adds its ' +
    'difference to the programme’s, the cohort’s and the department’s rows. Skipped while `insight_rebuild()` runs.',
  insight_endorsements_changed:
    'Notes the (member, week) of an endorsement given, moved or removed in `insight_dirty`, for the next ' +
    'insights flush.',
  insight_user_habits_changed:
    'Notes every week of a user habit’s frame, before and after the change, in `insight_dirty` when the habit ' +
    'is picked, ended, paused, moved or removed.',
  insight_user_habits_runs:
    'The member’s row of `insight_members` (their groups, time zone and the current run of each active habit) ' +
    'after any change to their user habits.',
  insight_content_touch:
    'The one-row insights content version (`insight_content_version`) that confirms held insights answers: ' +
    'anything an answer names changed.',
};

// ---------------------------------------------------------------------------------------------
// Lexer: words, quoted identifiers, strings, dollar-quoted bodies, punctuation and comments, each
// with its offsets in the source.

const isWordStart = (c) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isWordChar = (c) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);

export function lex(source) {
  const tokens = [];
  let i = 0;
  const push = (type, value, start) => tokens.push({ type, value, start, end: i });
  while (i < source.length) {
    const c = source[i];
    const start = i;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && source[i + 1] === '-') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      push('comment', source.slice(start + 2, i), start);
    } else if (c === '/' && source[i + 1] === '*') {
      let depth = 0;
      do {
        if (source.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (source.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else if (i >= source.length) {
          throw new Error(`unterminated /* comment at offset ${start}`);
        } else i++;
      } while (depth > 0);
      push('block-comment', source.slice(start + 2, i - 2), start);
    } else if (c === "'" || ((c === 'E' || c === 'e') && source[i + 1] === "'" && !isWordChar(source[i - 1] ?? ' '))) {
      const escapes = c !== "'";
      i += escapes ? 2 : 1;
      let value = '';
      for (;;) {
        if (i >= source.length) throw new Error(`unterminated string at offset ${start}`);
        if (escapes && source[i] === '\\') {
          value += source[i + 1];
          i += 2;
        } else if (source[i] === "'" && source[i + 1] === "'") {
          value += "'";
          i += 2;
        } else if (source[i] === "'") {
          i++;
          break;
        } else value += source[i++];
      }
      push('string', value, start);
    } else if (c === '"') {
      i++;
      let value = '';
      for (;;) {
        if (i >= source.length) throw new Error(`unterminated quoted identifier at offset ${start}`);
        if (source[i] === '"' && source[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (source[i] === '"') {
          i++;
          break;
        } else value += source[i++];
      }
      push('quoted', value, start);
    } else if (c === '$' && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(source.slice(i, i + 65))) {
      const tag = source.slice(i).match(/^\$([A-Za-z_][A-Za-z0-9_]*)?\$/)[0];
      const close = source.indexOf(tag, i + tag.length);
      if (close === -1) throw new Error(`unterminated ${tag} body at offset ${start}`);
      const bodyStart = i + tag.length;
      i = close + tag.length;
      tokens.push({ type: 'dollar', value: source.slice(bodyStart, close), start, end: i });
    } else if (isWordStart(c)) {
      while (i < source.length && isWordChar(source[i])) i++;
      push('word', source.slice(start, i), start);
    } else if (/[0-9]/.test(c)) {
      while (i < source.length && /[0-9.eE]/.test(source[i])) i++;
      push('number', source.slice(start, i), start);
    } else if (c === ':' && source[i + 1] === '=') {
      i += 2;
      push('punct', ':=', start);
    } else if (c === ':' && source[i + 1] === ':') {
      i += 2;
      push('punct', '::', start);
    } else {
      i++;
      push('punct', c, start);
    }
  }
  return tokens;
}

// drizzle-kit's separator between statements: a comment, not a description.
const isBreakpoint = (token) => token.type === 'comment' && token.value.startsWith('> statement-breakpoint');
const blankLineBetween = (source, from, to) => /\n[ \t\r]*\n/.test(source.slice(from, to));

/**
 * The statements of a migration, split on top-level semicolons. Each has its tokens (comments
 * inside it left out), its text, its line and `comment`: the `--` lines right above it (no blank
 * line between), joined; drizzle's statement-breakpoint markers are not comments.
 */
export function splitStatements(source) {
  const statements = [];
  let tokens = [];
  let pending = [];
  let lastEnd = -1;
  for (const token of lex(source)) {
    if (token.type === 'comment' || token.type === 'block-comment') {
      if (tokens.length || isBreakpoint(token)) continue;
      // A comment on the line where the previous statement ended is that statement's remark.
      if (lastEnd >= 0 && !source.slice(lastEnd, token.start).includes('\n')) continue;
      const previous = pending.at(-1);
      if (previous && blankLineBetween(source, previous.end, token.start)) pending = [];
      pending.push(token);
      continue;
    }
    if (token.type === 'punct' && token.value === ';') {
      if (tokens.length) statements.push(finish(source, tokens, pending));
      tokens = [];
      pending = [];
      lastEnd = token.end;
      continue;
    }
    if (!tokens.length && pending.length && blankLineBetween(source, pending.at(-1).end, token.start)) pending = [];
    tokens.push(token);
  }
  if (tokens.length) statements.push(finish(source, tokens, pending));
  return statements;
}

function finish(source, tokens, comments) {
  const start = tokens[0].start;
  const comment = comments
    .map((c) => c.value.replace(/^\s*/, '').trimEnd())
    .filter((line) => line.length > 0)
    .join(' ');
  return {
    tokens,
    text: source.slice(start, tokens.at(-1).end),
    line: source.slice(0, start).split('\n').length,
    comment: comment || null,
  };
}

// ---------------------------------------------------------------------------------------------
// Statements: the few kinds that create, replace, rename or drop triggers and functions.

class Cursor {
  constructor(statement) {
    this.tokens = statement.tokens;
    this.statement = statement;
    this.i = 0;
  }
  peek(offset = 0) {
    return this.tokens[this.i + offset];
  }
  done() {
    return this.i >= this.tokens.length;
  }
  isWord(word, offset = 0) {
    const token = this.peek(offset);
    return token?.type === 'word' && token.value.toUpperCase() === word;
  }
  isPunct(value, offset = 0) {
    const token = this.peek(offset);
    return token?.type === 'punct' && token.value === value;
  }
  acceptPunct(value) {
    if (!this.isPunct(value)) return false;
    this.i++;
    return true;
  }
  // Consumes the words given, in order, if they all come next.
  accept(...words) {
    if (!words.every((word, k) => this.isWord(word, k))) return false;
    this.i += words.length;
    return true;
  }
  expect(...words) {
    if (!this.accept(...words)) this.fail(`expected ${words.join(' ')}`);
  }
  fail(message) {
    const token = this.peek();
    const at = token ? `"${token.value}"` : 'the end';
    throw new Error(`${message} at ${at} in: ${this.statement.text.slice(0, 120)}`);
  }
  // A name, maybe schema-qualified ("public"."x"): its last part, as PostgreSQL folds it.
  name() {
    let part;
    do {
      const token = this.peek();
      if (token?.type === 'quoted') part = token.value;
      else if (token?.type === 'word') part = token.value.toLowerCase();
      else this.fail('expected a name');
      this.i++;
    } while (this.acceptPunct('.'));
    return part;
  }
  // Everything up to the matching closing parenthesis (the cursor is on the opening one).
  parenthesised() {
    if (!this.isPunct('(')) this.fail('expected (');
    const open = this.i;
    let depth = 0;
    do {
      if (this.done()) this.fail('unbalanced parentheses');
      if (this.isPunct('(')) depth++;
      else if (this.isPunct(')')) depth--;
      this.i++;
    } while (depth > 0);
    return this.tokens.slice(open + 1, this.i - 1);
  }
}

// The source text of some tokens, on one line.
const textOf = (source, tokens) =>
  tokens.length ? source.slice(tokens[0].start, tokens.at(-1).end).replace(/\s+/g, ' ').trim() : '';

function parseCreateFunction(cursor, replace, source) {
  const name = cursor.name();
  const args = textOf(source, cursor.parenthesised());
  let returns = null;
  let language = null;
  let body = null;
  while (!cursor.done()) {
    if (cursor.accept('RETURNS')) {
      const token = cursor.peek();
      returns = token.type === 'word' ? token.value.toLowerCase() : token.value;
      cursor.i++;
    } else if (cursor.accept('LANGUAGE')) {
      language = cursor.name();
    } else if (cursor.accept('AS')) {
      const token = cursor.peek();
      if (token?.type !== 'dollar' && token?.type !== 'string') cursor.fail('expected the function body');
      body = token.value;
      cursor.i++;
    } else cursor.i++;
  }
  if (body === null) cursor.fail(`function ${name} has no body`);
  return { kind: 'create function', name, replace, args, returns, language, body };
}

const TIMINGS = ['BEFORE', 'AFTER'];
const EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'];

function parseCreateTrigger(cursor, replace, constraint, source) {
  const name = cursor.name();
  let timing;
  if (cursor.accept('INSTEAD', 'OF')) timing = 'instead of';
  else if (TIMINGS.some((t) => cursor.isWord(t))) timing = cursor.peek().value.toLowerCase();
  else cursor.fail('expected BEFORE, AFTER or INSTEAD OF');
  if (timing !== 'instead of') cursor.i++;
  const events = [];
  do {
    const event = EVENTS.find((e) => cursor.isWord(e));
    if (!event) cursor.fail('expected INSERT, UPDATE, DELETE or TRUNCATE');
    cursor.i++;
    const columns = [];
    if (event === 'UPDATE' && cursor.accept('OF')) {
      do columns.push(cursor.name());
      while (cursor.acceptPunct(','));
    }
    events.push({ event: event.toLowerCase(), columns });
  } while (cursor.accept('OR'));
  cursor.expect('ON');
  const table = cursor.name();
  let level = constraint ? 'row' : 'statement';
  let when = null;
  const transitionTables = [];
  while (!cursor.isWord('EXECUTE')) {
    if (cursor.done()) cursor.fail('expected EXECUTE FUNCTION');
    if (cursor.accept('FROM')) cursor.name();
    else if (cursor.accept('REFERENCING')) {
      while (cursor.isWord('OLD') || cursor.isWord('NEW')) {
        const which = cursor.peek().value.toLowerCase();
        cursor.i++;
        cursor.expect('TABLE');
        cursor.accept('AS');
        transitionTables.push(`${which}: ${cursor.name()}`);
      }
    } else if (cursor.accept('FOR')) {
      cursor.accept('EACH');
      if (cursor.accept('ROW')) level = 'row';
      else if (cursor.accept('STATEMENT')) level = 'statement';
      else cursor.fail('expected ROW or STATEMENT');
    } else if (cursor.accept('WHEN')) {
      when = textOf(source, cursor.parenthesised());
    } else cursor.i++; // DEFERRABLE, INITIALLY DEFERRED and the like
  }
  cursor.expect('EXECUTE');
  if (!cursor.accept('FUNCTION') && !cursor.accept('PROCEDURE')) cursor.fail('expected FUNCTION or PROCEDURE');
  const fn = cursor.name();
  const args = textOf(source, cursor.parenthesised());
  return {
    kind: 'create trigger',
    name,
    replace,
    constraint,
    table,
    timing,
    events,
    level,
    when,
    transitionTables,
    function: fn,
    args,
  };
}

// Names separated by commas, each maybe followed by its argument list (DROP FUNCTION f(), g()).
function nameList(cursor, withArgs) {
  const names = [];
  do {
    names.push(cursor.name());
    if (withArgs && cursor.isPunct('(')) cursor.parenthesised();
  } while (cursor.acceptPunct(','));
  return names;
}

/** The statement's meaning for this script, or null for the statements it has no use for. */
export function parseStatement(statement, source) {
  const cursor = new Cursor(statement);
  if (cursor.accept('CREATE')) {
    const replace = cursor.accept('OR', 'REPLACE');
    if (cursor.accept('FUNCTION') || cursor.accept('PROCEDURE')) return parseCreateFunction(cursor, replace, source);
    const constraint = cursor.accept('CONSTRAINT');
    if (cursor.accept('TRIGGER')) return parseCreateTrigger(cursor, replace, constraint, source);
    return null;
  }
  if (cursor.accept('DROP')) {
    const kind = cursor.accept('TRIGGER')
      ? 'trigger'
      : cursor.accept('FUNCTION') || cursor.accept('PROCEDURE')
        ? 'function'
        : cursor.accept('TABLE')
          ? 'table'
          : null;
    if (!kind) return null;
    const ifExists = cursor.accept('IF', 'EXISTS');
    if (kind === 'trigger') {
      const name = cursor.name();
      cursor.expect('ON');
      const table = cursor.name();
      return { kind: 'drop trigger', name, table, ifExists };
    }
    const names = nameList(cursor, kind === 'function');
    const cascade = cursor.accept('CASCADE');
    return { kind: `drop ${kind}`, names, ifExists, cascade };
  }
  if (cursor.accept('ALTER')) {
    if (cursor.accept('TRIGGER')) {
      const name = cursor.name();
      cursor.expect('ON');
      const table = cursor.name();
      if (cursor.accept('RENAME', 'TO')) return { kind: 'rename trigger', name, table, to: cursor.name() };
      return null;
    }
    if (cursor.accept('FUNCTION') || cursor.accept('PROCEDURE')) {
      const name = cursor.name();
      if (cursor.isPunct('(')) cursor.parenthesised();
      if (cursor.accept('RENAME', 'TO')) return { kind: 'rename function', name, to: cursor.name() };
      return null;
    }
    if (cursor.accept('TABLE')) {
      cursor.accept('IF', 'EXISTS');
      cursor.accept('ONLY');
      const table = cursor.name();
      if (cursor.accept('RENAME', 'TO')) return { kind: 'rename table', table, to: cursor.name() };
      return null;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The schema after a list of migrations: each statement applied in order, refused where
// PostgreSQL would refuse it (a trigger created twice, a missing one dropped...).

export function emptySchema() {
  return { functions: new Map(), triggers: new Map(), migrations: [] };
}

const triggerKey = (table, name) => `${table}.${name}`;

export function applyMigration(schema, migration, source) {
  schema.migrations.push(migration);
  // The comment above drops that make way for a new definition is that definition's.
  let carried = null;
  for (const statement of splitStatements(source)) {
    const comment = statement.comment ?? carried;
    let parsed;
    try {
      parsed = parseStatement(statement, source);
    } catch (error) {
      throw new Error(`${migration}, line ${statement.line}: ${error.message}`, { cause: error });
    }
    carried = parsed?.kind === 'drop trigger' || parsed?.kind === 'drop function' ? comment : null;
    if (!parsed) continue;
    const refuse = (message) => {
      throw new Error(`${migration}, line ${statement.line}: ${message}`);
    };
    switch (parsed.kind) {
      case 'create function': {
        const existing = schema.functions.get(parsed.name);
        if (existing && !parsed.replace)
          refuse(`function ${parsed.name} already exists (${existing.definedIn.at(-1)})`);
        schema.functions.set(parsed.name, {
          name: parsed.name,
          args: parsed.args,
          returns: parsed.returns,
          language: parsed.language,
          body: parsed.body,
          definedIn: [...(existing?.definedIn ?? []), migration],
          comment,
        });
        break;
      }
      case 'create trigger': {
        const key = triggerKey(parsed.table, parsed.name);
        const existing = schema.triggers.get(key);
        if (existing && !parsed.replace)
          refuse(`trigger ${parsed.name} on ${parsed.table} already exists (${existing.definedIn})`);
        if (!schema.functions.has(parsed.function))
          refuse(`trigger ${parsed.name} calls ${parsed.function}(), which does not exist`);
        const trigger = { ...parsed, definedIn: migration, comment };
        delete trigger.kind;
        delete trigger.replace;
        schema.triggers.set(key, trigger);
        break;
      }
      case 'drop trigger': {
        const key = triggerKey(parsed.table, parsed.name);
        if (!schema.triggers.delete(key) && !parsed.ifExists)
          refuse(`trigger ${parsed.name} on ${parsed.table} does not exist`);
        break;
      }
      case 'rename trigger': {
        const trigger = schema.triggers.get(triggerKey(parsed.table, parsed.name));
        if (!trigger) refuse(`trigger ${parsed.name} on ${parsed.table} does not exist`);
        schema.triggers.delete(triggerKey(parsed.table, parsed.name));
        schema.triggers.set(triggerKey(parsed.table, parsed.to), { ...trigger, name: parsed.to, definedIn: migration });
        break;
      }
      case 'drop function': {
        for (const name of parsed.names) {
          if (!schema.functions.has(name)) {
            if (parsed.ifExists) continue;
            refuse(`function ${name} does not exist`);
          }
          const users = [...schema.triggers.values()].filter((t) => t.function === name);
          if (users.length && !parsed.cascade) {
            refuse(`function ${name} is used by trigger ${users.map((t) => `${t.name} on ${t.table}`).join(', ')}`);
          }
          for (const t of users) schema.triggers.delete(triggerKey(t.table, t.name));
          schema.functions.delete(name);
        }
        break;
      }
      case 'rename function': {
        const fn = schema.functions.get(parsed.name);
        if (!fn) refuse(`function ${parsed.name} does not exist`);
        schema.functions.delete(parsed.name);
        schema.functions.set(parsed.to, { ...fn, name: parsed.to, definedIn: [...fn.definedIn, migration] });
        for (const t of schema.triggers.values()) if (t.function === parsed.name) t.function = parsed.to;
        break;
      }
      case 'drop table': {
        for (const table of parsed.names) {
          for (const t of [...schema.triggers.values()]) {
            if (t.table === table) schema.triggers.delete(triggerKey(t.table, t.name));
          }
        }
        break;
      }
      case 'rename table': {
        for (const t of [...schema.triggers.values()]) {
          if (t.table !== parsed.table) continue;
          schema.triggers.delete(triggerKey(t.table, t.name));
          schema.triggers.set(triggerKey(parsed.to, t.name), { ...t, table: parsed.to });
        }
        break;
      }
    }
  }
  return schema;
}

/** The migrations in the journal's order, each as { tag, source }. */
export function readMigrations(dir = MIGRATIONS_DIR) {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8'));
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const files = readdirSync(dir).filter((name) => name.endsWith('.sql'));
  const listed = new Set(entries.map((entry) => `${entry.tag}.sql`));
  const unlisted = files.filter((name) => !listed.has(name));
  if (unlisted.length) {
    throw new Error(`not in ${path.join(dir, 'meta/_journal.json')}, so never applied: ${unlisted.join(', ')}`);
  }
  return entries.map((entry) => {
    const file = path.join(dir, `${entry.tag}.sql`);
    if (!existsSync(file)) throw new Error(`the journal names ${entry.tag}, but ${file} does not exist`);
    return { tag: entry.tag, source: readFileSync(file, 'utf8') };
  });
}

export function buildSchema(migrations) {
  const schema = emptySchema();
  for (const { tag, source } of migrations) applyMigration(schema, tag, source);
  return schema;
}

// ---------------------------------------------------------------------------------------------
// What a function's body does: the functions it calls, the tables it writes, the columns of the
// new row it sets, and whether it refuses the change.

const NOT_TABLES = new Set(['set', 'only']);

export function bodyFacts(fn, schema) {
  const tokens = lex(fn.body).filter((t) => t.type !== 'comment' && t.type !== 'block-comment');
  const calls = new Set();
  const writes = new Set();
  const sets = new Set();
  let raises = false;
  const word = (k) => (tokens[k]?.type === 'word' ? tokens[k].value.toUpperCase() : null);
  const nameAt = (k) => {
    // A possibly qualified name starting at k: [last part, index after it].
    let part = null;
    while (tokens[k]?.type === 'word' || tokens[k]?.type === 'quoted') {
      part = tokens[k].type === 'quoted' ? tokens[k].value : tokens[k].value.toLowerCase();
      if (tokens[k + 1]?.type === 'punct' && tokens[k + 1].value === '.') k += 2;
      else return [part, k + 1];
    }
    return [part, k];
  };
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    if (token.type === 'word' || token.type === 'quoted') {
      const [name, next] = nameAt(k);
      if (
        tokens[next]?.value === '(' &&
        tokens[next].type === 'punct' &&
        schema.functions.has(name) &&
        name !== fn.name
      ) {
        calls.add(name);
      }
    }
    const w = word(k);
    let target = null;
    if (w === 'INSERT' && word(k + 1) === 'INTO') target = nameAt(k + 2)[0];
    else if (w === 'DELETE' && word(k + 1) === 'FROM') target = nameAt(k + 2)[0];
    else if (w === 'UPDATE' && word(k - 1) !== 'FOR' && word(k - 1) !== 'DO') target = nameAt(k + 1)[0];
    else if (w === 'RAISE' && word(k + 1) === 'EXCEPTION') raises = true;
    else if (w === 'NEW' && tokens[k + 1]?.value === '.' && tokens[k + 3]?.value === ':=') sets.add(nameAt(k + 2)[0]);
    if (target && !NOT_TABLES.has(target)) writes.add(target);
  }
  return { calls: [...calls].sort(), writes: [...writes].sort(), sets: [...sets].sort(), raises };
}

// Tables written by the function and, through them, by every function it calls.
function writesThrough(name, schema, seen = new Set()) {
  if (seen.has(name)) return new Map();
  seen.add(name);
  const fn = schema.functions.get(name);
  const facts = bodyFacts(fn, schema);
  const result = new Map(facts.writes.map((table) => [table, null]));
  for (const callee of facts.calls) {
    for (const [table, via] of writesThrough(callee, schema, seen)) {
      if (!result.has(table)) result.set(table, via ?? callee);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The document.

const code = (text) => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
const list = (items) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

// In PostgreSQL's own order (pg_get_triggerdef, \d): insert, delete, update, truncate.
const EVENT_ORDER = ['insert', 'delete', 'update', 'truncate'];

function describeEvents(trigger) {
  const events = [...trigger.events]
    .sort((a, b) => EVENT_ORDER.indexOf(a.event) - EVENT_ORDER.indexOf(b.event))
    .map(({ event, columns }) => (columns.length ? `${event} of ${columns.map(code).join(', ')}` : event));
  return `${trigger.timing} ${events.join(' or ')}`;
}

// Every migration that defined the function, the one in force in bold.
const history = (fn) => fn.definedIn.map((m, k, all) => (k === all.length - 1 ? `**${m}**` : m)).join(', ');

/** What each trigger function maintains; throws naming the functions with no description. */
export function descriptions(schema, described = DESCRIPTIONS) {
  const result = new Map();
  const missing = [];
  for (const name of new Set([...schema.triggers.values()].map((t) => t.function))) {
    const fn = schema.functions.get(name);
    const text = fn.comment ?? described[name];
    if (text) result.set(name, text);
    else {
      const users = [...schema.triggers.values()].filter((t) => t.function === name);
      missing.push(
        `${name}() (${fn.definedIn.at(-1)}; trigger ${users.map((t) => `${t.name} on ${t.table}`).join(', ')})`,
      );
    }
  }
  if (missing.length) {
    throw new Error(
      `No description of what these trigger functions maintain:\n${missing.map((m) => `  - ${m}`).join('\n')}\n` +
        'Put a -- comment right above the CREATE FUNCTION in the migration, or add the function to ' +
        'DESCRIPTIONS in scripts/database-doc.mjs.',
    );
  }
  return result;
}

export function renderMarkdown(schema, described = DESCRIPTIONS) {
  const maintains = descriptions(schema, described);
  const triggers = [...schema.triggers.values()].sort(
    (a, b) => a.table.localeCompare(b.table, 'en') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  const tables = [...new Set(triggers.map((t) => t.table))];
  const triggerFunctions = [...maintains.keys()].sort();
  const helpers = new Set();
  for (const name of triggerFunctions) {
    const pending = [name];
    while (pending.length) {
      for (const callee of bodyFacts(schema.functions.get(pending.pop()), schema).calls) {
        if (!helpers.has(callee) && !maintains.has(callee)) {
          helpers.add(callee);
          pending.push(callee);
        }
      }
    }
  }
  const last = schema.migrations.at(-1);
  const most = Math.max(
    ...[...triggerFunctions, ...helpers].map((name) => schema.functions.get(name).definedIn.length),
  );
  const lines = [
    '# Database triggers',
    '',
    '<!-- Written by scripts/database-doc.mjs from apps/api/migrations; do not edit by hand. -->',
    '',
    `What the database keeps current by itself once every migration has run (the last: \`${last}\`): ` +
      `${triggers.length} triggers on ${tables.length} tables, running ${triggerFunctions.length} trigger functions. ` +
      'Written by `node scripts/database-doc.mjs`, which reads `apps/api/migrations/*.sql` in the order of ' +
      '`apps/api/migrations/meta/_journal.json`; `npm test` fails when this file differs from what it writes ' +
      '(`scripts/database-doc.test.ts`). Run it after adding a migration.',
    '',
    'A function can be redefined by a later migration (`create or replace function`): the migration that last ' +
      `defined it holds the code in force. Some of the functions below were defined by ${most} migrations; each ` +
      'lists every migration that defined it, the one in force in bold.',
    '',
    '## Triggers by table',
    '',
    'PostgreSQL fires the triggers of one table, timing and level (row or statement) in the order of their names; ' +
      'they are listed in that order.',
  ];
  for (const tableName of tables) {
    const own = triggers.filter((t) => t.table === tableName);
    lines.push('', `### On ${code(tableName)}`, '');
    lines.push('| Trigger | Fires | For each | Function | Trigger defined in | Function defined in |');
    lines.push('| --- | --- | --- | --- | --- | --- |');
    for (const t of own) {
      const fn = schema.functions.get(t.function);
      lines.push(
        `| ${code(t.name)} | ${describeEvents(t)}${t.when ? ' (when …)' : ''} | ${t.level} | [${code(`${t.function}()`)}](#${t.function}) | ${t.definedIn} | ${fn.definedIn.at(-1)} |`,
      );
    }
    const notes = own.filter((t) => t.when || t.comment);
    if (notes.length) {
      lines.push('');
      for (const t of notes) {
        const parts = [];
        if (t.when) parts.push(`fires only when ${code(t.when)}.`);
        if (t.comment) parts.push(`Its comment in ${t.definedIn}: “${t.comment}”`);
        lines.push(`- ${code(t.name)}: ${parts.join(' ')}`);
      }
    }
  }
  lines.push('', '## Trigger functions');
  for (const name of triggerFunctions) {
    const fn = schema.functions.get(name);
    const facts = bodyFacts(fn, schema);
    const writes = [...writesThrough(name, schema)].map(([t, via]) =>
      via ? `${code(t)} (through ${code(`${via}()`)})` : code(t),
    );
    const users = triggers.filter((t) => t.function === name);
    const fired = [...writesThrough(name, schema).keys()].filter((t) => tables.includes(t));
    lines.push('', `### ${code(name)}`, '', maintains.get(name), '');
    lines.push(
      `- Described by: ${fn.comment ? `its comment in ${fn.definedIn.at(-1)}` : 'its entry in `DESCRIPTIONS` (`scripts/database-doc.mjs`)'}.`,
    );
    lines.push(`- Defined in: ${history(fn)}.`);
    if (facts.calls.length) {
      lines.push(
        `- Calls: ${facts.calls.map((c) => `${code(`${c}()`)} (${history(schema.functions.get(c))})`).join('; ')}.`,
      );
    }
    if (writes.length) lines.push(`- Writes: ${list(writes)}.`);
    if (facts.sets.length) lines.push(`- Sets the new row's ${list(facts.sets.map(code))}.`);
    if (fired.length) {
      lines.push(`- Its writes fire the triggers on ${list(fired.map((t) => `[${code(t)}](#on-${t})`))}.`);
    }
    if (facts.raises) lines.push('- Raises an error (refuses the change) in some cases.');
    const byTable = [...new Set(users.map((t) => t.table))].map(
      (table) => `${list(users.filter((t) => t.table === table).map((t) => code(t.name)))} on ${code(table)}`,
    );
    lines.push(`- Triggers: ${byTable.join('; ')}.`);
  }
  if (helpers.size) {
    lines.push('', '## Functions the trigger functions call', '');
    lines.push('| Function | Defined in (in force: bold) | Calls | Writes |');
    lines.push('| --- | --- | --- | --- |');
    for (const name of [...helpers].sort()) {
      const fn = schema.functions.get(name);
      const facts = bodyFacts(fn, schema);
      lines.push(
        `| ${code(`${name}()`)} | ${history(fn)} | ${facts.calls.map((c) => code(`${c}()`)).join(', ')} | ${facts.writes.map(code).join(', ')} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function formatted(markdown) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(DOC_FILE)) ?? {};
  return prettier.format(markdown, { ...options, filepath: DOC_FILE });
}

/** The document as the script writes it. */
export async function generate(dir = MIGRATIONS_DIR) {
  const schema = buildSchema(readMigrations(dir));
  for (const name of Object.keys(DESCRIPTIONS)) {
    const fn = schema.functions.get(name);
    if (!fn || fn.returns !== 'trigger' || fn.comment) {
      console.warn(
        `DESCRIPTIONS.${name} is not used: ${!fn ? 'no such function' : fn.comment ? 'its migration has a comment' : 'not a trigger function'}`,
      );
    }
  }
  return formatted(renderMarkdown(schema));
}

async function main() {
  const check = process.argv.includes('--check');
  let text;
  try {
    text = await generate();
  } catch (error) {
    console.error(`database-doc: ${error.message}`);
    process.exit(1);
  }
  const relative = path.relative(process.cwd(), DOC_FILE) || DOC_FILE;
  const current = existsSync(DOC_FILE) ? readFileSync(DOC_FILE, 'utf8') : null;
  if (check) {
    if (current === text) {
      console.log(`${relative} is up to date.`);
      return;
    }
    const a = (current ?? '').split('\n');
    const b = text.split('\n');
    const line = a.findIndex((l, k) => l !== b[k]);
    console.error(
      current === null
        ? `${relative} does not exist.`
        : `${relative} is out of date with apps/api/migrations (first difference at line ${(line === -1 ? a.length : line) + 1}).`,
    );
    console.error('Run `node scripts/database-doc.mjs` and commit the result.');
    process.exit(1);
  }
  if (current === text) console.log(`${relative} is up to date.`);
  else {
    writeFileSync(DOC_FILE, text);
    console.log(`Wrote ${relative}.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
