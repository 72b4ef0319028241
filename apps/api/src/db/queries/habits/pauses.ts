import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../client.ts';
import type { HistoryPause } from './history.ts';
import { rowsOf } from '../../rows.ts';

// A member's user habit's frame and pauses (its pauses, its celebration).
export type HabitFrame = {
  id: string;
  status: 'active' | 'ended' | 'completed';
  startedOn: string;
  frameEndsOn: string;
  pauses: HistoryPause[];
};

const habitSql = sql`json_build_object('id', uh.id, 'status', uh.status, 'startedOn', uh.started_on,
    'frameEndsOn', uh.frame_ends_on, 'pauses', (select coalesce(json_agg(json_build_object('id', hp.id,
      'from', hp.starts_on, 'to', hp.ends_on) order by hp.starts_on), '[]'::json)
    from habit_pauses hp where hp.user_habit_id = uh.id))`;

// The caller's user habit, or null when it is not theirs. Inside a transaction, `lock` first holds
// its row until the end: pause writes of one habit then run one after the other (their overlap and
// 14-day checks hold with several API instances), and a check-in of it waits for the pause to
// commit. The habit is read after the lock, in a statement of its own: under READ COMMITTED that
// statement sees what a pause write committed while this one waited.
export async function findHabitFrame(
  db: DbOrTx,
  options: { userId: string; userHabitId: string; lock?: boolean },
): Promise<HabitFrame | null> {
  const mine = sql`uh.id = ${options.userHabitId} and uh.user_id = ${options.userId}`;
  if (options.lock) {
    const locked = await db.execute(sql`select uh.id from user_habits uh where ${mine} for update of uh`);
    if (rowsOf(locked).length === 0) return null;
  }
  const result = await db.execute(sql`select ${habitSql} as habit from user_habits uh where ${mine}`);
  return rowsOf<{ habit: HabitFrame }>(result)[0]?.habit ?? null;
}

// The first date from `from` to `to` on which the user habit has a log, if any.
export async function firstLoggedDate(
  db: DbOrTx,
  options: { userHabitId: string; from: string; to: string },
): Promise<string | null> {
  const result = await db.execute(sql`select l.log_date::text as date from habit_logs l
    where l.user_habit_id = ${options.userHabitId} and l.log_date between ${options.from} and ${options.to}
    order by l.log_date limit 1`);
  return rowsOf<{ date: string }>(result)[0]?.date ?? null;
}

// The habit_pauses trigger (migration 0010) keeps the habit's paused days and frame end, and its
// stored progress; the frame end returned is the one after the change.
export async function insertPause(
  tx: Tx,
  values: { userHabitId: string; from: string; to: string },
): Promise<{ pause: HistoryPause; frameEndsOn: string }> {
  const result = await tx.execute(sql`insert into habit_pauses (user_habit_id, starts_on, ends_on)
    values (${values.userHabitId}, ${values.from}, ${values.to})
    returning id, starts_on::text as "from", ends_on::text as "to"`);
  const pause = rowsOf<HistoryPause>(result)[0]!;
  return { pause, frameEndsOn: await frameEnd(tx, values.userHabitId) };
}

export async function deletePause(tx: Tx, pauseId: string): Promise<void> {
  await tx.execute(sql`delete from habit_pauses where id = ${pauseId}`);
}

export async function shortenPause(tx: Tx, options: { pauseId: string; to: string }): Promise<void> {
  await tx.execute(sql`update habit_pauses set ends_on = ${options.to} where id = ${options.pauseId}`);
}

async function frameEnd(tx: Tx, userHabitId: string): Promise<string> {
  const result = await tx.execute(sql`select frame_ends_on::text as "frameEndsOn" from user_habits
    where id = ${userHabitId}`);
  return rowsOf<{ frameEndsOn: string }>(result)[0]!.frameEndsOn;
}
