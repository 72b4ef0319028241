import { z } from 'zod';

// SPEED_OFF as config.ts reads it: which of the API's speed mechanisms run.

// What SPEED_OFF can switch off (docs/ARCHITECTURE.md "How the API stays fast").
const SPEED_SWITCHES = [
  'shared-statements',
  'named-statements',
  'held-answers',
  'token-cache',
  'frozen-items',
  'known-callers',
  'all',
] as const;

// The names SPEED_OFF lists, comma-separated (blanks ignored).
const namesIn = (off: string) =>
  off
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

// SPEED_OFF: a comma-separated list of some of SPEED_SWITCHES.
export const speedOffSetting = z
  .string()
  .refine(
    (v) => namesIn(v).every((name) => (SPEED_SWITCHES as readonly string[]).includes(name)),
    `must be a comma-separated list of ${SPEED_SWITCHES.join(', ')}`,
  )
  .optional();

// Which speed mechanisms run (docs/ARCHITECTURE.md "How the API stays fast").
export type SpeedSettings = {
  sharedStatements: boolean;
  namedStatements: boolean;
  heldAnswers: boolean;
  tokenCache: boolean;
  frozenItems: boolean;
  knownCallers: boolean;
};

// Named statements cannot pass a pooler in transaction mode (DATABASE_POOLER).
export function speedSettings(off = '', pooler: 'none' | 'transaction'): SpeedSettings {
  const names = new Set(namesIn(off));
  const on = (name: string) => !names.has(name) && !names.has('all');
  return {
    sharedStatements: on('shared-statements'),
    namedStatements: on('named-statements') && pooler === 'none',
    heldAnswers: on('held-answers'),
    tokenCache: on('token-cache'),
    frozenItems: on('frozen-items'),
    knownCallers: on('known-callers'),
  };
}
