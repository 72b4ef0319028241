import { z } from 'zod';
import { zPlainText } from '../common/plain-text.ts';

// The administration console's cohorts (issue 21, decision 018): GET/POST /admin/cohorts,
// PATCH /admin/cohorts/{id}, POST /admin/cohorts/{id}/members. Always the administrator's own
// organisation: another organisation's cohort, programme or people are 404.
export const COHORT_NAME_MAX = 100;
export const COHORT_MOVE_MAX = 5000;

const zCohortName = zPlainText()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(COHORT_NAME_MAX, { error: `must be at most ${COHORT_NAME_MAX} characters` });
const zProgrammeId = z.uuid({ error: 'must be a programme id (UUID)' });

export const ZAdminCohortParams = z.object({ id: z.uuid({ error: 'must be a cohort id (UUID)' }) });

export const ZAdminCohort = z.object({
  id: z.uuid(),
  name: z.string(),
  programme: z.object({ id: z.uuid(), name: z.string() }),
  // Everyone in the cohort, active or deactivated (an administrator places both).
  member_count: z.number().int(),
  // The organisation's default cohort: where people provisioned by SCIM start.
  is_default: z.boolean(),
});
export type TAdminCohort = z.infer<typeof ZAdminCohort>;

// GET /admin/cohorts — by name.
export const ZListAdminCohortsResponse = z.array(ZAdminCohort);

// POST /admin/cohorts — 201; a name the organisation already uses is 409.
export const ZCreateCohortRequest = z.strictObject({ name: zCohortName, programme_id: zProgrammeId });
export type TCreateCohortRequest = z.infer<typeof ZCreateCohortRequest>;

// PATCH /admin/cohorts/{id} — rename and/or choose the programme. Changing the programme is 409
// while a member of the cohort has an active (not completed) habit of the current programme: their
// habits belong to it, so they would be left following a programme their cohort no longer runs.
export const ZUpdateCohortRequest = z
  .strictObject({ name: zCohortName.optional(), programme_id: zProgrammeId.optional() })
  .refine((body) => body.name !== undefined || body.programme_id !== undefined, {
    error: 'must change name or programme_id',
  });
export type TUpdateCohortRequest = z.infer<typeof ZUpdateCohortRequest>;

// POST /admin/cohorts/{id}/members — moves these people (of the organisation) into the cohort,
// out of any cohort they were in. All or nothing: an unknown id or another organisation's person
// is 404 and nobody moves.
export const ZMoveCohortMembersRequest = z.strictObject({
  user_ids: z
    .array(z.uuid({ error: 'must be a user id (UUID)' }), { error: 'must be a list of user ids' })
    .min(1, { error: 'must list at least one person' })
    .max(COHORT_MOVE_MAX, { error: `must list at most ${COHORT_MOVE_MAX} people` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not list a person twice' }),
});
export type TMoveCohortMembersRequest = z.infer<typeof ZMoveCohortMembersRequest>;

export const ZMoveCohortMembersResponse = z.object({
  // How many of the listed people were not already in this cohort.
  moved: z.number().int(),
  cohort: ZAdminCohort,
});
export type TMoveCohortMembersResponse = z.infer<typeof ZMoveCohortMembersResponse>;
