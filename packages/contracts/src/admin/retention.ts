import { z } from 'zod';

// The organisation's retention setting (issue 32, docs/domain/retention.md):
// PUT /admin/settings/retention. GET /admin/settings answers it with the other settings.
// null keeps everything (the default); a number of days deletes the notes of check-ins, moods and
// the messages of endorsements that many days after a member's frame ends or after their
// deactivation.
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;
export const RETENTION_DAYS_ERROR = `must be a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}, or null to keep everything`;

export const ZRetentionDays = z
  .number({ error: RETENTION_DAYS_ERROR })
  .int({ error: RETENTION_DAYS_ERROR })
  .min(RETENTION_DAYS_MIN, { error: RETENTION_DAYS_ERROR })
  .max(RETENTION_DAYS_MAX, { error: RETENTION_DAYS_ERROR })
  .nullable();

export const ZUpdateRetentionRequest = z.strictObject({
  retention_days: ZRetentionDays,
});
export type TUpdateRetentionRequest = z.infer<typeof ZUpdateRetentionRequest>;
