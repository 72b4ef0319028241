import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useHybridAuth } from './use-hybrid-auth.ts';

describe('useHybridAuth', () => {
  it('throws the SPEC text outside HybridAuthProvider', () => {
    // React logs the error it rethrows; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(() => renderHook(() => useHybridAuth())).toThrow('useHybridAuth must be used within HybridAuthProvider');
    consoleError.mockRestore();
  });
});
