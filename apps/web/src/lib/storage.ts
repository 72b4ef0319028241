import { z } from 'zod';

// The only module that touches localStorage (ARCHITECTURE "Web app"). Everything here is a
// best-effort cache: unreadable or corrupt data yields defaults instead of breaking a screen.

const KEYS = {
  visited: 'hasVisited',
  habitLogs: 'habitLogs',
  endorsements: 'endorsementMarks',
  selectedIdpType: 'selectedIdpType',
  shouldAutoLogin: 'shouldAutoLogin',
  querySnapshot: 'querySnapshot',
} as const;

export const ZIdpType = z.enum(['auth0', 'azure_ad']);
export type TIdpType = z.infer<typeof ZIdpType>;

const ZLocalHabitLog = z.object({
  date: z.string(),
  completed: z.boolean(),
  notes: z.string(),
  habitId: z.string(),
  positiveChangeId: z.string().nullable(),
  // True while the server has not confirmed this check-in (it failed to send, or is being sent).
  // Optional so logs stored before the flag existed stay readable; they count as not pending.
  pendingSync: z.boolean().optional(),
});
export type TLocalHabitLog = z.infer<typeof ZLocalHabitLog>;

// The API's last answers for the signed-in member, kept by lib/persisted-queries.ts so a page can
// show them at once on the next visit (and revalidate them). `account` is who they belong to;
// each entry is a query key, its data and the member's local day it was fetched on.
const ZQuerySnapshot = z.object({
  account: z.string().min(1),
  entries: z.array(z.object({ key: z.array(z.unknown()), data: z.unknown(), date: z.string() })),
});
export type TQuerySnapshot = z.infer<typeof ZQuerySnapshot>;

// Day key -> ids of users endorsed that day.
const ZEndorsementMarks = z.record(z.string(), z.array(z.string()));

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled (private mode): the server stays the source of truth.
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Same as writeJson: nothing useful to do without storage.
  }
}

export function hasVisited(): boolean {
  return readJson(KEYS.visited) === true;
}

export function markVisited(): void {
  writeJson(KEYS.visited, true);
}

export function getHabitLogs(): TLocalHabitLog[] {
  const value = readJson(KEYS.habitLogs);
  if (!Array.isArray(value)) return [];
  // Keep the good entries of a partly damaged list rather than dropping the user's history.
  return value.flatMap((entry) => {
    const parsed = ZLocalHabitLog.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export function getHabitLog(habitId: string, date: string): TLocalHabitLog | undefined {
  return getHabitLogs().find((log) => log.habitId === habitId && log.date === date);
}

// One log per habit per day, like the server: a second save for the day replaces the first.
export function saveHabitLog(log: TLocalHabitLog): void {
  const others = getHabitLogs().filter((l) => !(l.habitId === log.habitId && l.date === log.date));
  writeJson(KEYS.habitLogs, [...others, log]);
}

// Check-ins the server has not confirmed yet, oldest first (the order they were saved in).
export function getPendingHabitLogs(): TLocalHabitLog[] {
  return getHabitLogs().filter((log) => log.pendingSync === true);
}

function sameEntry(a: TLocalHabitLog, b: TLocalHabitLog): boolean {
  return (
    a.habitId === b.habitId &&
    a.date === b.date &&
    a.completed === b.completed &&
    a.notes === b.notes &&
    a.positiveChangeId === b.positiveChangeId
  );
}

// Clears the pending flag once the server has the log, or has refused it for good (the entry itself
// stays). Only if the stored entry is still the one that was sent: an edit saved meanwhile stays
// pending and is sent next time.
export function clearHabitLogPending(sent: TLocalHabitLog): void {
  const logs = getHabitLogs();
  const stored = logs.find((log) => sameEntry(log, sent));
  if (!stored || stored.pendingSync !== true) return;
  writeJson(
    KEYS.habitLogs,
    logs.map((log) => (log === stored ? { ...log, pendingSync: false } : log)),
  );
}

export function getQuerySnapshot(): TQuerySnapshot | null {
  const parsed = ZQuerySnapshot.safeParse(readJson(KEYS.querySnapshot));
  return parsed.success ? parsed.data : null;
}

export function setQuerySnapshot(snapshot: TQuerySnapshot): void {
  writeJson(KEYS.querySnapshot, snapshot);
}

export function clearQuerySnapshot(): void {
  remove(KEYS.querySnapshot);
}

function getEndorsementMarks(): z.infer<typeof ZEndorsementMarks> {
  const parsed = ZEndorsementMarks.safeParse(readJson(KEYS.endorsements));
  return parsed.success ? parsed.data : {};
}

export function hasEndorsed(userId: string, date: string): boolean {
  return getEndorsementMarks()[date]?.includes(userId) ?? false;
}

export function markEndorsed(userId: string, date: string): void {
  const today = getEndorsementMarks()[date] ?? [];
  if (today.includes(userId)) return;
  // Only the given day matters (once per target per day), so older days are dropped.
  writeJson(KEYS.endorsements, { [date]: [...today, userId] });
}

export function getSelectedIdpType(): TIdpType | null {
  const parsed = ZIdpType.safeParse(readJson(KEYS.selectedIdpType));
  return parsed.success ? parsed.data : null;
}

export function setSelectedIdpType(idpType: TIdpType): void {
  writeJson(KEYS.selectedIdpType, idpType);
}

export function getShouldAutoLogin(): boolean {
  return readJson(KEYS.shouldAutoLogin) === true;
}

export function setShouldAutoLogin(value: boolean): void {
  writeJson(KEYS.shouldAutoLogin, value);
}

export function clearSignInChoice(): void {
  remove(KEYS.selectedIdpType);
  remove(KEYS.shouldAutoLogin);
}

// Sign-in SDKs keep their own entries (by their own key formats); the sign-in layer peeks at them to
// choose a provider without loading an SDK. Read-only: the SDKs own those entries.
export function readRawItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Session-scoped (one tab): when the API rejects a token the app signs in again, but only once per
// window; a second rejection soon after means signing in again will not help, and looping through
// the provider would.
const RELOGIN_KEY = 'reloginAttemptAt';

export function isReloginBlocked(windowMs: number, now: number = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOGIN_KEY));
    return Number.isFinite(last) && last > 0 && now - last < windowMs;
  } catch {
    // Without session storage there is no guard; the user still has the Logout button.
    return false;
  }
}

export function markReloginAttempt(now: number = Date.now()): void {
  try {
    sessionStorage.setItem(RELOGIN_KEY, String(now));
  } catch {
    // See isReloginBlocked.
  }
}

// Used by the Reset developer tool; SDK token caches are the sign-in layer's to clear.
export function clearLocalData(): void {
  Object.values(KEYS).forEach(remove);
}

// The Reset developer tool: what this browser remembers of the user's progress (the visited flag,
// habit logs including unsent check-ins, endorsement marks, the API's last answers). The sign-in choice and the SDKs'
// entries stay, so the user is still signed in after the reload.
export function clearProgressData(): void {
  [KEYS.visited, KEYS.habitLogs, KEYS.endorsements, KEYS.querySnapshot].forEach(remove);
}
