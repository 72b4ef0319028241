// Our own pages instead of oidc-provider's stock ones, which load web fonts from a CDN (we are
// offline) and ask for consent (our apps are first-party). System fonts, no external assets.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const styles = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; padding: 2rem 1rem; display: flex; justify-content: center; }
  main { width: 100%; max-width: 34rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  p.lead { margin: 0 0 1.5rem; opacity: .8; }
  ul.people { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
  button { font: inherit; cursor: pointer; }
  button.person { width: 100%; text-align: left; padding: .75rem 1rem; border: 1px solid #8886;
    border-radius: .5rem; background: transparent; color: inherit; display: grid; gap: .125rem; }
  button.person:hover, button.person:focus-visible { border-color: currentColor; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .name { font-weight: 600; }
  .meta { font-size: .875rem; opacity: .8; }
  .secondary { margin-top: 1.5rem; padding: .5rem 1rem; border-radius: .5rem; border: 1px solid #8886;
    background: transparent; color: inherit; }
  .banner { font-size: .75rem; text-transform: uppercase; letter-spacing: .08em; opacity: .7; margin-bottom: 1rem; }
`;

export function page(options: { title: string; body: string; script?: string }): string {
  const script = options.script ? `<script>${options.script}</script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${styles}</style>
</head>
<body><main>${options.body}</main>${script}</body>
</html>`;
}

export type SignInChoice = { accountId: string; name: string; email: string; role: string; note?: string };

export function signInPage(options: {
  heading: string;
  lead: string;
  banner: string;
  action: string;
  people: SignInChoice[];
}): string {
  const items = options.people
    .map((person) => {
      const note = person.note ? ` · ${escapeHtml(person.note)}` : '';
      return `<li><button class="person" type="submit" name="account" value="${escapeHtml(person.accountId)}">
  <span class="name">${escapeHtml(person.name)}</span>
  <span class="meta">${escapeHtml(person.role)}${note}</span>
  <span class="meta">${escapeHtml(person.email)}</span>
</button></li>`;
    })
    .join('\n');
  return page({
    title: options.heading,
    body: `<p class="banner">${escapeHtml(options.banner)}</p>
<h1>${escapeHtml(options.heading)}</h1>
<p class="lead">${escapeHtml(options.lead)}</p>
<form method="post" action="${escapeHtml(options.action)}">
<ul class="people" aria-label="People you can sign in as">
${items}
</ul>
<button class="secondary" type="submit" name="cancel" value="1">Cancel</button>
</form>`,
  });
}

/** The provider's own logout form, sent on by script; without script the button does it. */
export function signOutPage(options: { banner: string; form: string }): string {
  const form = options.form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"><button class="secondary" type="submit">Sign out</button></form>',
  );
  return page({
    title: 'Signing out',
    body: `<p class="banner">${escapeHtml(options.banner)}</p><h1>Signing out…</h1>${form}`,
    script: 'document.forms[0].submit();',
  });
}

export function signedOutPage(banner: string): string {
  return page({
    title: 'Signed out',
    body: `<p class="banner">${escapeHtml(banner)}</p><h1>You are signed out</h1><p class="lead">You can close this window.</p>`,
  });
}

export function errorPage(options: { banner: string; error: string; description?: string }): string {
  const description = options.description ? `<p class="lead">${escapeHtml(options.description)}</p>` : '';
  return page({
    title: 'Sign-in error',
    body: `<p class="banner">${escapeHtml(options.banner)}</p><h1>Sign-in error</h1>
<p><code>${escapeHtml(options.error)}</code></p>${description}`,
  });
}
