// A map holding at most `limit` entries. Reading (get) or writing (set) an entry makes it the most
// recently used; when a write takes the map past its limit, the least recently used entry goes
// (and is handed to `onEvict`, when given).
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly limit: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  // Reads without making the entry more recently used.
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const [oldestKey, oldestValue] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.onEvict?.(oldestKey, oldestValue);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
