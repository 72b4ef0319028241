import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useHybridAuth } from './use-hybrid-auth.ts';

describe('useHybridAuth', () => {
  // The text is the one docs/domain/failures.md#sign-in-errors gives.
  it('throws the documented text outside HybridAuthProvider', () => {
    // React logs the error it rethrows; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(() => renderHook(() => useHybridAuth())).toThrow('useHybridAuth must be used within HybridAuthProvider');
    consoleError.mockRestore();
  });
});
