import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/stub-fetch.ts';
import { fetchConfig } from './config.ts';

describe('fetchConfig', () => {
  it('fills defaults and keeps fields it does not know yet', async () => {
    const fetchMock = stubFetch(async () => Response.json({ futureFlag: 1 }));

    await expect(fetchConfig()).resolves.toEqual({ devTools: false, providers: {}, futureFlag: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('rejects a config whose known fields have the wrong type', async () => {
    stubFetch(async () => Response.json({ devTools: 'yes' }));

    await expect(fetchConfig()).rejects.toThrow();
  });
});
