import { z } from 'zod';

// The only module that touches localStorage (ARCHITECTURE "Web app"). Everything here is a
// best-effort cache: unreadable or corrupt data yields defaults instead of breaking a screen.

const KEYS = {
  visited: 'hasVisited',
  habitLogs: 'habitLogs',
  endorsements: 'endorsementMarks',
  selectedIdpType: 'selectedIdpType',
  shouldAutoLogin: 'shouldAutoLogin',
} as const;

export const ZIdpType = z.enum(['auth0', 'azure_ad']);
export type TIdpType = z.infer<typeof ZIdpType>;

const ZLocalHabitLog = z.object({
  date: z.string(),
  completed: z.boolean(),
  notes: z.string(),
  habitId: z.string(),
  positiveChangeId: z.string().nullable(),
});
export type TLocalHabitLog = z.infer<typeof ZLocalHabitLog>;

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

// Used by the Reset developer tool; SDK token caches are the sign-in layer's to clear.
export function clearLocalData(): void {
  Object.values(KEYS).forEach(remove);
}
