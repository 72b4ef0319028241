import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAuditFilters, ZAuditPage, ZAuditQuery } from '@habitrack/contracts/admin/audit';
import { callerOf } from '../../plugins/auth.ts';
import { exportAuditCsv, listAuditPage } from '../../services/admin/audit.service.ts';

const tags = ['admin'];

// /api/v1/admin/audit: the organisation's audit log, read and exported (never edited).
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "Search the organisation's audit log (administrator)",
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage.describe('One page of matching entries, newest first, and how many match.') },
      },
    },
    async (request) => listAuditPage(app.database, { admin: callerOf(request).user, query: request.query }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        summary: "Export the organisation's audit log as CSV (administrator)",
        querystring: ZAuditFilters,
        response: {
          200: {
            description:
              "Every matching entry, newest first, as a CSV attachment (UTF-8, header row; cells starting with = + - @ are prefixed with '). The header row and the actor's kind are in the caller's language (their chosen locale, their directory's, Accept-Language, their organisation's default); times stay ISO 8601 UTC, actions and entities stay codes.",
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const csv = await exportAuditCsv(app.database, {
        admin: callerOf(request).user,
        query: request.query,
        acceptLanguage: request.headers['accept-language'],
      });
      const day = app.now().toISOString().slice(0, 10);
      // A Buffer goes out as it is (Fastify serializes objects only); the contract types it as text.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="habitrack-audit-${day}.csv"`)
        .send(Buffer.from(csv, 'utf8') as unknown as string);
    },
  );
};

export default adminAuditRoutes;
