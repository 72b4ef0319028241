import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { readBody, sendHtml } from './http-request.ts';
import { errorPage, signInPage, type SignInChoice } from './pages.ts';
import { interactionPath, oidcScopes } from './provider-common.ts';

export type SignInTexts = { banner: string; heading: string; lead: string };

export type InteractionOptions = {
  provider: Provider;
  people: SignInChoice[];
  texts: SignInTexts;
};

const interactionRoute = /^\/interaction\/([A-Za-z0-9_-]+)$/;

/** The interaction uid when `pathname` is one of our interaction pages. */
export function matchInteraction(pathname: string): string | undefined {
  return interactionRoute.exec(pathname)?.[1];
}

/** Consent is granted without asking (first-party apps); only reached if a grant was missing. */
async function grantConsent(options: InteractionOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { provider } = options;
  const details = await provider.interactionDetails(req, res);
  const accountId = details.session?.accountId;
  const clientId = details.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a session');
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
    : new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(oidcScopes);
  const missing = details.prompt.details.missingResourceScopes;
  if (missing && typeof missing === 'object') {
    for (const [indicator, scopes] of Object.entries(missing as Record<string, string[]>)) {
      grant.addResourceScope(indicator, scopes);
    }
  }
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function showSignIn(options: InteractionOptions, uid: string, req: IncomingMessage, res: ServerResponse) {
  const details = await options.provider.interactionDetails(req, res);
  if (details.prompt.name === 'consent') return grantConsent(options, req, res);
  sendHtml(res, 200, signInPage({ ...options.texts, action: interactionPath(uid), people: options.people }));
}

async function submitSignIn(options: InteractionOptions, req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await readBody(req));
  if (form.has('cancel')) {
    await options.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const accountId = form.get('account');
  if (!accountId || !options.people.some((person) => person.accountId === accountId)) {
    sendHtml(
      res,
      400,
      errorPage({
        banner: options.texts.banner,
        error: 'invalid_request',
        description: 'Pick a person from the list.',
      }),
    );
    return;
  }
  await options.provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

export async function handleInteraction(
  options: InteractionOptions,
  uid: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    if (req.method === 'GET') return await showSignIn(options, uid, req, res);
    if (req.method === 'POST') return await submitSignIn(options, req, res);
    sendHtml(res, 405, errorPage({ banner: options.texts.banner, error: 'method_not_allowed' }));
  } catch (error) {
    // Mostly an expired or foreign interaction (cookie missing): the app has to start again.
    const description = error instanceof Error ? error.message : String(error);
    if (!res.headersSent) {
      sendHtml(res, 400, errorPage({ banner: options.texts.banner, error: 'interaction_failed', description }));
    }
  }
}
