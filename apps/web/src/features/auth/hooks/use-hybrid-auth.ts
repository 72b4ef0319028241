import { createContext, useContext } from 'react';
import type { THybridAuth } from '../types.ts';

export const HybridAuthContext = createContext<THybridAuth | null>(null);

export function useHybridAuth(): THybridAuth {
  const auth = useContext(HybridAuthContext);
  // The exact text, so a misplaced component fails loudly in development
  // (docs/domain/failures.md#sign-in-errors).
  if (!auth) throw new Error('useHybridAuth must be used within HybridAuthProvider');
  return auth;
}
