import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPORTS_PER_HOUR,
  TOO_MANY_EXPORTS,
  ZExportMyDataQuery,
  ZMyDataExport,
} from '@habitrack/contracts/me/export-my-data';
import { callerOf } from '../../plugins/auth.ts';
import type { Quota } from '../../plugins/rate-limit.ts';
import { exportZip } from '../../services/my-data/files.ts';
import { exportMyData } from '../../services/my-data/my-data.service.ts';

const EXPORT_QUOTA: Quota = { name: 'export', max: EXPORTS_PER_HOUR, windowMs: 60 * 60_000, detail: TOO_MANY_EXPORTS };

// The caller downloads everything HabiTrack holds about them, a few times an hour
// (docs/domain/my-data.md#how-often).
const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export',
    {
      schema: {
        tags: ['me'],
        summary: 'Download everything HabiTrack holds about the caller',
        querystring: ZExportMyDataQuery,
        response: {
          200: {
            description: `The caller's profile, habits, check-ins, pauses, moods and endorsements given and received, as an attachment: one JSON document (format=json), or one CSV file per section in a zip (format=zip). At most ${EXPORTS_PER_HOUR} exports per hour; more answer 429.`,
            content: {
              'application/json': { schema: ZMyDataExport },
              'application/zip': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { user } = callerOf(request);
      await app.quotas.spend(EXPORT_QUOTA, user.id);
      const now = app.now();
      const data = await exportMyData(app.database, { userId: user.id, now });
      const name = `habitrack-my-data-${now.toISOString().slice(0, 10)}`;
      if (request.query.format === 'zip') {
        // A Buffer goes out as it is: Fastify serializes objects only. The contract types the
        // zip's content as a (binary) string.
        const zip = Buffer.from(exportZip(data)) as unknown as string;
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}.zip"`)
          .send(zip);
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(data);
    },
  );
};

export default myDataRoutes;
