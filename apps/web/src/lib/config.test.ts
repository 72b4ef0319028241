import { describe, expect, it } from 'vitest';
import { createWebConfig } from '../test/web-config.ts';
import { stubFetch } from '../test/stub-fetch.ts';
import { fetchConfig } from './config.ts';

describe('fetchConfig', () => {
  it('reads /config.json with the shared contract', async () => {
    const config = createWebConfig();
    const fetchMock = stubFetch(async () => Response.json(config));

    await expect(fetchConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('accepts a deployment that offers only one provider', async () => {
    const config = createWebConfig({ auth: { auth0: null, azure: createWebConfig().auth.azure } });
    stubFetch(async () => Response.json(config));

    await expect(fetchConfig()).resolves.toEqual(config);
  });

  it('rejects a config whose fields have the wrong type', async () => {
    stubFetch(async () => Response.json({ ...createWebConfig(), devTools: 'yes' }));

    await expect(fetchConfig()).rejects.toThrow();
  });
});
