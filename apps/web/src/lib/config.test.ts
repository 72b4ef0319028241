import { describe, expect, it } from 'vitest';
import { createWebConfig } from '../test/web-config.ts';
import { stubFetch } from '../test/stub-fetch.ts';
import { fetchConfig, readInlineConfig } from './config.ts';

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

describe('readInlineConfig', () => {
  function page(content: string | null) {
    const doc = document.implementation.createHTMLDocument();
    if (content !== null) {
      const block = doc.createElement('script');
      block.type = 'application/json';
      block.id = 'habitrack-config';
      block.textContent = content;
      doc.head.append(block);
    }
    return doc;
  }

  it('reads the config the API put into index.html', () => {
    const config = createWebConfig();
    expect(readInlineConfig(page(JSON.stringify(config)))).toEqual(config);
  });

  it('gives nothing without a block, or with one that is damaged or does not fit the contract', () => {
    expect(readInlineConfig(page(null))).toBeUndefined();
    expect(readInlineConfig(page('{not json'))).toBeUndefined();
    expect(readInlineConfig(page(JSON.stringify({ ...createWebConfig(), devTools: 'yes' })))).toBeUndefined();
  });
});
