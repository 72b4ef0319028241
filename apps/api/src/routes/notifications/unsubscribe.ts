import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZUnsubscribeQuery,
  ZUnsubscribeRequest,
  ZUnsubscribeStatus,
} from '@habitrack/contracts/notifications/unsubscribe';
import { badRequest } from '../../lib/errors.ts';
import { describeUnsubscribeLink, unsubscribe } from '../../services/notifications/preferences.service.ts';

const tags = ['notifications'];
const FORM = 'application/x-www-form-urlencoded';
// RFC 8058's body is one short field; anything much longer is not a one-click request.
const FORM_LIMIT = 1024;

// /api/v1/notifications/unsubscribe?token=...: the unsubscribe link of a reminder or summary. No
// sign-in (registered outside routes/api.ts); the signed token is the only authority, and it
// turns off one kind of e-mail for one member (decision 015). Rate-limited per address like every
// /api/v1 request.
const unsubscribeRoutes: FastifyPluginAsyncZod<{ unsubscribeSecret: string }> = async (app, options) => {
  // Mail clients send the one-click request as an HTML form post (RFC 8058 section 3.1).
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(body as string)) {
      if (name in fields) return done(badRequest(`Invalid request: body.${name} is given more than once`), undefined);
      fields[name] = value;
    }
    done(null, fields);
  });

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link turns off (no sign-in; changes nothing)',
        querystring: ZUnsubscribeQuery,
        response: { 200: ZUnsubscribeStatus.describe('The kind of e-mail, and whether it is still on.') },
      },
    },
    async (request) =>
      describeUnsubscribeLink(app.database, { secret: options.unsubscribeSecret, token: request.query.token }),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Unsubscribe with a link from an e-mail (no sign-in; RFC 8058 one-click)',
        consumes: ['application/json', FORM],
        querystring: ZUnsubscribeQuery,
        body: ZUnsubscribeRequest,
        response: { 200: ZUnsubscribeStatus.describe('That kind of e-mail is now off.') },
      },
    },
    async (request) =>
      unsubscribe(app.database, { secret: options.unsubscribeSecret, token: request.query.token, now: app.now() }),
  );
};

export default unsubscribeRoutes;
