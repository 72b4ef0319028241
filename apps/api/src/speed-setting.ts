import { z } from 'zod';

// SPEED_OFF and SPEED_ON as config.ts reads them: which of the API's speed mechanisms run.

// What SPEED_OFF can switch off (docs/ARCHITECTURE.md "How the API stays fast").
export const SPEED_SWITCHES = [
  'shared-statements',
  'named-statements',
  'held-answers',
  'token-cache',
  'frozen-items',
  'known-callers',
  'all',
] as const;

// The speed mechanisms that stay off unless SPEED_ON names them.
export const OPT_IN_SPEED = ['known-callers'] as const;
// A comma-separated list of some of `names` (SPEED_ON, SPEED_OFF).
export const switchList = (names: readonly string[]) =>
  z
    .string()
    .refine(
      (v) => v.split(',').every((name) => !name.trim() || names.includes(name.trim())),
      `must be a comma-separated list of ${names.join(', ')}`,
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
export function speedSettings(off = '', optIn = '', pooler: 'none' | 'transaction'): SpeedSettings {
  const listed = (list: string) => new Set(list.split(',').map((name) => name.trim()));
  const [names, optedIn] = [listed(off), listed(optIn)];
  const optional = (name: string) => (OPT_IN_SPEED as readonly string[]).includes(name);
  const on = (name: string) => !names.has(name) && !names.has('all') && (!optional(name) || optedIn.has(name));
  return {
    sharedStatements: on('shared-statements'),
    namedStatements: on('named-statements') && pooler === 'none',
    heldAnswers: on('held-answers'),
    tokenCache: on('token-cache'),
    frozenItems: on('frozen-items'),
    knownCallers: on('known-callers'),
  };
}
