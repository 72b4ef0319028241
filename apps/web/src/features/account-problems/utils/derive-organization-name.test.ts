import { describe, expect, it } from 'vitest';
import { deriveOrganizationName, UNKNOWN_ORGANIZATION_NAME } from './derive-organization-name.ts';

describe('deriveOrganizationName', () => {
  it('prefers the given organization, trimmed and otherwise as written', () => {
    expect(deriveOrganizationName('pat@globex.example', '  initech corp ')).toBe('initech corp');
  });

  it.each([[''], ['   '], [null], [undefined]])('treats %j as no organization given', (organization) => {
    expect(deriveOrganizationName('pat@globex.example', organization)).toBe('Globex');
  });

  it('derives the name from the first label after the at-sign', () => {
    expect(deriveOrganizationName('pat@globex.example')).toBe('Globex');
  });

  it('takes the first label even when the domain has subdomains', () => {
    expect(deriveOrganizationName('a@mail.globex.co.uk')).toBe('Mail');
  });

  it('capitalises the first letter and keeps the rest as written', () => {
    expect(deriveOrganizationName('PAT@ACME.EXAMPLE')).toBe('ACME');
    expect(deriveOrganizationName('pat@gLOBEX.example')).toBe('GLOBEX');
    expect(deriveOrganizationName('pat@globex-corp.example')).toBe('Globex-corp');
  });

  it('ignores whitespace around the e-mail', () => {
    expect(deriveOrganizationName('  pat@globex.example  ')).toBe('Globex');
  });

  it('uses the last at-sign, since only the local part may contain one', () => {
    expect(deriveOrganizationName('"pat@home"@globex.example')).toBe('Globex');
  });

  it.each([[null], [undefined], [''], ['   '], ['pat'], ['pat.globex.example'], ['pat@'], ['pat@.example'], ['pat@ ']])(
    'falls back to "Your organization" for %j',
    (email) => {
      expect(deriveOrganizationName(email)).toBe(UNKNOWN_ORGANIZATION_NAME);
      expect(UNKNOWN_ORGANIZATION_NAME).toBe('Your organization');
    },
  );
});
