// A minimal browser for the tests: manual redirects, a cookie jar with path matching, and TLS
// trust in the dev certificate through an undici Agent (no NODE_TLS_REJECT_UNAUTHORIZED).
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, Headers, fetch, type RequestInit, type Response } from 'undici';

type Cookie = { name: string; value: string; host: string; path: string };

export class TestBrowser {
  readonly dispatcher: Agent;
  private cookies: Cookie[] = [];

  private constructor(ca: string | undefined) {
    this.dispatcher = new Agent({ connect: ca ? { ca } : {} });
  }

  static async create(certPath?: string): Promise<TestBrowser> {
    return new TestBrowser(certPath ? await readFile(certPath, 'utf8') : undefined);
  }

  cookieNamed(name: string): Cookie | undefined {
    return this.cookies.find((cookie) => cookie.name === name);
  }

  rawSetCookies: string[] = [];

  private remember(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.rawSetCookies.push(header);
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const pathAttribute = attributes.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttribute ? pathAttribute.slice(5) : '/';
      const expired = attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) || value === '';
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.host === url.host && c.path === path));
      if (!expired) this.cookies.push({ name, value, host: url.host, path });
    }
  }

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(
        (c) =>
          c.host === url.host &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  async request(target: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual', dispatcher: this.dispatcher });
    this.remember(url, response);
    return response;
  }

  /** GET `target` and follow redirects until one leaves for `stopAt` (the app) or a page answers. */
  async navigate(target: string | URL, stopAt: string): Promise<{ url: URL; response?: Response }> {
    let url = new URL(target);
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.origin === new URL(stopAt).origin) return { url };
      const response = await this.request(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }

  async postForm(
    target: string | URL,
    form: Record<string, string>,
    stopAt: string,
  ): Promise<{ url: URL; response?: Response }> {
    const response = await this.request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      return this.navigate(new URL(location, target), stopAt);
    }
    return { url: new URL(target), response };
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomToken(): string {
  return randomBytes(12).toString('base64url');
}

/** The `account` value of the sign-in button whose text names `name`. */
export function accountButton(html: string, name: string): string {
  const buttons = html.matchAll(
    /<button class="person" type="submit" name="account" value="([^"]+)">([\s\S]*?)<\/button>/g,
  );
  for (const [, value, text] of buttons) {
    if (value && text?.includes(name)) return value;
  }
  throw new Error(`no sign-in button for ${name}`);
}

export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    if (name) fields[name] = value ?? '';
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

export type SignIn = { callback: URL; signInPage: string };

/**
 * Runs the browser part of an authorization request: authorize → our sign-in page → pick `person`
 * → back to the app. Returns where it landed (the redirect URI with code or error) and the page.
 */
export async function signInAs(
  browser: TestBrowser,
  options: { authorizeUrl: string; appOrigin: string; person: string | undefined },
): Promise<SignIn> {
  const first = await browser.navigate(options.authorizeUrl, options.appOrigin);
  if (!first.response) {
    if (options.person) throw new Error(`no sign-in page, the provider went straight to ${first.url.href}`);
    return { callback: first.url, signInPage: '' };
  }
  const signInPage = await first.response.text();
  if (first.response.status !== 200) throw new Error(`authorize answered ${first.response.status}: ${signInPage}`);
  if (!options.person) return { callback: first.url, signInPage };
  const account = accountButton(signInPage, options.person);
  const done = await browser.postForm(first.url, { account }, options.appOrigin);
  if (done.response) throw new Error(`sign-in ended on ${done.url.href}: ${await done.response.text()}`);
  return { callback: done.url, signInPage };
}

/** Code, state and error of a callback, from the query or (MSAL's default) the fragment. */
export function callbackParams(callback: URL): URLSearchParams {
  return callback.hash ? new URLSearchParams(callback.hash.slice(1)) : callback.searchParams;
}

export function withoutCodeChallenge(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !key.startsWith('code_challenge')));
}
