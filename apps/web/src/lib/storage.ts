import type { z } from 'zod';

// The only module that touches the browser's storage (docs/ARCHITECTURE.md#web-app-appswebsrc);
// what is kept there, and its schema, belongs to the code that keeps it (a feature, or
// lib/persisted-queries.ts). It is all a best-effort cache: unreadable, corrupt or unexpected data
// reads as nothing instead of breaking a screen, and a write that fails (quota exceeded, storage
// disabled in private mode) leaves the server the source of truth.

export type TStoredItem<T> = {
  read(): T | undefined;
  write(value: T): void;
  remove(): void;
};

// 'session' lasts as long as the tab.
type TStorageArea = 'local' | 'session';

// Reached inside each try: merely naming the area can throw where storage is disabled.
function areaOf(area: TStorageArea): Storage {
  return area === 'local' ? window.localStorage : window.sessionStorage;
}

// One entry, kept as JSON and read back through its schema.
export function storedItem<T>(key: string, schema: z.ZodType<T>, area: TStorageArea = 'local'): TStoredItem<T> {
  return {
    read() {
      try {
        const raw = areaOf(area).getItem(key);
        const parsed = raw === null ? undefined : schema.safeParse(JSON.parse(raw));
        return parsed?.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    write(value) {
      try {
        areaOf(area).setItem(key, JSON.stringify(value));
      } catch {
        // Nothing useful to do without storage.
      }
    },
    remove() {
      try {
        areaOf(area).removeItem(key);
      } catch {
        // As for write.
      }
    },
  };
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
