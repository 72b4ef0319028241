import { createContext, useContext } from 'react';
import type { THybridAuth } from '../types.ts';

export const HybridAuthContext = createContext<THybridAuth | null>(null);

export function useHybridAuth(): THybridAuth {
  const auth = useContext(HybridAuthContext);
  // SPEC §8: the exact text, so a misplaced component fails loudly in development.
  if (!auth) throw new Error('useHybridAuth must be used within HybridAuthProvider');
  return auth;
}
