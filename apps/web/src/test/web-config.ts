import type { TWebConfig } from '@habitrack/contracts/config/get-config';

// The development provider's values (docs/operations/dev-identity-provider.md).
export function createWebConfig(overrides: Partial<TWebConfig> = {}): TWebConfig {
  return {
    productName: 'HabiTrack',
    devTools: false,
    auth: {
      auth0: { domain: 'http://localhost:3001', clientId: 'habitrack-web', audience: 'https://api.habitrack.local' },
      azure: {
        clientId: '0f3c5a7e-2b4d-4c6e-8a1f-9d2b4c6e8a10',
        authority: 'https://localhost:3002/organizations',
        knownAuthorities: ['localhost:3002'],
        apiScope: 'api://6a8e1c3f-5b7d-4e9a-b2c4-d6f8a0b2c4e6/access_as_user',
      },
    },
    ...overrides,
  };
}
