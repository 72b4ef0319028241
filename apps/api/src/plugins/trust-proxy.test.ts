import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { parseTrustProxy, type TrustProxy } from '../config.ts';
import { describeOnOneDatabase } from '../test/each-database.ts';
import { createTestApp } from '../test/test-app.ts';
import { createTestIssuers, type TestIssuers } from '../test/tokens.ts';

const LIMIT = 3;

// The per-address decision observed here is the failed sign-in limit: LIMIT refused requests
// counted against one address turn its next refusal into a 429. Which address a request is
// counted against shows which address the API believed.
describeOnOneDatabase('client addresses and proxies', (getDatabase) => {
  let issuers: TestIssuers;
  const apps: App[] = [];
  beforeAll(async () => {
    issuers = await createTestIssuers();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function appTrusting(trustProxy: TrustProxy) {
    const app = await createTestApp(getDatabase(), {
      keySets: issuers.keySets,
      config: { rateLimitPerMinute: LIMIT, trustProxy },
    });
    apps.push(app);
    return (remoteAddress: string, forwardedFor?: string) =>
      app
        .inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          remoteAddress,
          headers: { authorization: 'Bearer a.b.c', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        })
        .then((response) => response.statusCode);
  }

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const attempt = await appTrusting(false);
    // A different forged address on every request does not spread the failures over many addresses.
    for (let i = 0; i < LIMIT; i++) expect(await attempt('198.51.100.1', `203.0.113.${i + 1}`)).toBe(401);
    expect(await attempt('198.51.100.1', '203.0.113.99')).toBe(429);
    // Naming the failing address in the header does not get anyone else refused in its place.
    expect(await attempt('198.51.100.2', '198.51.100.1')).toBe(401);
  });

  it('takes the client address from a configured proxy, never from a forged left-most entry', async () => {
    const attempt = await appTrusting(['10.9.0.1']);
    for (let i = 0; i < LIMIT; i++) expect(await attempt('10.9.0.1', '203.0.113.7')).toBe(401);
    // The same client through the proxy, with a forged entry in front of its real one: still counted.
    expect(await attempt('10.9.0.1', '192.0.2.55, 203.0.113.7')).toBe(429);
    // Other clients behind the same proxy have their own counts.
    expect(await attempt('10.9.0.1', '203.0.113.8')).toBe(401);
    expect(await attempt('10.9.0.1', '203.0.113.7, 203.0.113.8')).toBe(401);
    // A connection that is not the trusted proxy cannot claim to be that client.
    expect(await attempt('10.9.0.2', '203.0.113.7')).toBe(401);
  });

  it('takes the client address a hop count away', async () => {
    const attempt = await appTrusting(2); // e.g. a load balancer in front of nginx
    for (let i = 0; i < LIMIT; i++)
      expect(await attempt('10.9.0.3', `192.0.2.${i + 1}, 203.0.113.20, 10.0.0.7`)).toBe(401);
    expect(await attempt('10.9.0.4', '203.0.113.20, 10.0.0.8')).toBe(429);
    expect(await attempt('10.9.0.3', '203.0.113.21, 10.0.0.7')).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, hop counts and lists of addresses or ranges', () => {
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(parseTrustProxy('fd00::/8')).toEqual(['fd00::/8']);
  });

  it('refuses anything else', () => {
    for (const bad of ['true', 'yes', '10.0.0', '10.0.0.1/33', '10.0.0.0/8/1', 'proxy.example', '', ',', '99']) {
      expect(parseTrustProxy(bad), bad).toBeUndefined();
    }
  });
});
