import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

/**
 * In-process storage for one provider (sessions, codes, refresh tokens, grants). A restart signs
 * everyone out, which is what a development provider should do. Unlike oidc-provider's quick-start
 * adapter it has no entry cap, so long e2e runs keep their sessions.
 */
export function memoryStore(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  let writes = 0;

  const live = (key: string | undefined): Entry | undefined => {
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry || !key) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [uid, key] of byUid) if (!entries.has(key)) byUid.delete(uid);
    for (const [code, key] of byUserCode) if (!entries.has(key)) byUserCode.delete(code);
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (payload.uid) byUid.set(payload.uid, key);
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        writes += 1;
        if (writes % 500 === 0) sweep();
      },
      async find(id) {
        return live(keyOf(id))?.payload;
      },
      async findByUid(uid) {
        return live(byUid.get(uid))?.payload;
      },
      async findByUserCode(userCode) {
        return live(byUserCode.get(userCode))?.payload;
      },
      async consume(id) {
        const entry = live(keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
      },
    };
  };
}
