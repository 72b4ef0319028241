import { describe, expect, it } from 'vitest';
import { INVITATION_SUBJECT, invitationEmail } from './invitation-email.ts';
import { mailLanguage } from './mail-locale.ts';

describe('invitationEmail', () => {
  it('links the sign-in page and escapes every name in the HTML', () => {
    const mail = invitationEmail({
      language: mailLanguage('en-GB'),
      recipientName: 'Ada <b>Lovelace</b>',
      inviterName: 'Grace & co',
      organisationName: 'Acme "Corp"',
      email: 'ada@acme.example',
      publicUrl: 'https://habitrack.example/',
    });
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain('Hello Ada <b>Lovelace</b>,');
    expect(mail.text).toContain('https://habitrack.example/\n');
    expect(mail.text).toContain('(ada@acme.example)');
    expect(mail.html).toContain('Hello Ada &lt;b&gt;Lovelace&lt;/b&gt;,');
    expect(mail.html).toContain('Grace &amp; co');
    expect(mail.html).toContain('Acme &quot;Corp&quot;');
    expect(mail.html).toContain('href="https://habitrack.example/"');
    expect(mail.html).not.toContain('<b>');
  });
});
