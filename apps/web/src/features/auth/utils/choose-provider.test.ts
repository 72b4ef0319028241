import { describe, expect, it } from 'vitest';
import { chooseProvider, fitToAvailable, type TProviderChoiceInput } from './choose-provider.ts';

function createInput(overrides: Partial<TProviderChoiceInput> = {}): TProviderChoiceInput {
  return {
    storedIdpType: null,
    shouldAutoLogin: false,
    hasHostedToken: false,
    hasDirectoryAccount: false,
    ...overrides,
  };
}

describe('chooseProvider (docs/domain/sign-in-in-the-browser.md#choosing-the-provider)', () => {
  it('step 1: a stored choice wins over every cached session', () => {
    const input = createInput({ storedIdpType: 'azure_ad', hasHostedToken: true, hasDirectoryAccount: true });
    expect(chooseProvider(input)).toEqual({ idpType: 'azure_ad', autoLogin: false, step: 1 });
    expect(chooseProvider({ ...input, storedIdpType: 'auth0' })).toEqual({
      idpType: 'auth0',
      autoLogin: false,
      step: 1,
    });
  });

  it('step 1: a stored choice with shouldAutoLogin asks for an automatic login', () => {
    const input = createInput({ storedIdpType: 'azure_ad', shouldAutoLogin: true });
    expect(chooseProvider(input)).toEqual({ idpType: 'azure_ad', autoLogin: true, step: 1 });
  });

  it('shouldAutoLogin alone does nothing', () => {
    expect(chooseProvider(createInput({ shouldAutoLogin: true }))).toEqual({
      idpType: 'auth0',
      autoLogin: false,
      step: 4,
    });
  });

  it('step 2: a cached hosted token picks the hosted service, even with a directory account', () => {
    const input = createInput({ hasHostedToken: true, hasDirectoryAccount: true });
    expect(chooseProvider(input)).toEqual({ idpType: 'auth0', autoLogin: false, step: 2 });
  });

  it('step 3: a known directory account picks the directory provider', () => {
    expect(chooseProvider(createInput({ hasDirectoryAccount: true }))).toEqual({
      idpType: 'azure_ad',
      autoLogin: false,
      step: 3,
    });
  });

  it('step 4: with nothing known the hosted service is used', () => {
    expect(chooseProvider(createInput())).toEqual({ idpType: 'auth0', autoLogin: false, step: 4 });
  });
});

describe('fitToAvailable', () => {
  it('keeps a choice the deployment offers', () => {
    const choice = chooseProvider(createInput({ storedIdpType: 'azure_ad', shouldAutoLogin: true }));
    expect(fitToAvailable(choice, { auth0: true, azure_ad: true })).toBe(choice);
  });

  it('falls to the only provider on offer, without an automatic login', () => {
    const choice = chooseProvider(createInput({ storedIdpType: 'azure_ad', shouldAutoLogin: true }));
    expect(fitToAvailable(choice, { auth0: true, azure_ad: false })).toEqual({
      idpType: 'auth0',
      autoLogin: false,
      step: 1,
    });
  });
});
