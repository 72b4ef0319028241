import { describe, expect, it } from 'vitest';
import {
  clearSignInChoice,
  getSelectedIdpType,
  getShouldAutoLogin,
  setSelectedIdpType,
  setShouldAutoLogin,
} from './sign-in-choice.ts';

describe('sign-in choice', () => {
  it('is none when nothing, corrupt JSON or an unknown provider is stored', () => {
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
    localStorage.setItem('selectedIdpType', '{not json');
    localStorage.setItem('shouldAutoLogin', '{not json');
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
    localStorage.setItem('selectedIdpType', '"okta"');
    expect(getSelectedIdpType()).toBeNull();
  });

  it('is stored as the boot preload reads it, and cleared', () => {
    setSelectedIdpType('azure_ad');
    setShouldAutoLogin(true);
    expect(localStorage.getItem('selectedIdpType')).toBe('"azure_ad"');
    expect(getSelectedIdpType()).toBe('azure_ad');
    expect(getShouldAutoLogin()).toBe(true);

    clearSignInChoice();
    expect(getSelectedIdpType()).toBeNull();
    expect(getShouldAutoLogin()).toBe(false);
  });
});
