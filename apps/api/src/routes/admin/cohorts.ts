import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminCohort,
  ZAdminCohortParams,
  ZCreateCohortRequest,
  ZListAdminCohortsResponse,
  ZMoveCohortMembersRequest,
  ZMoveCohortMembersResponse,
  ZUpdateCohortRequest,
} from '@habitrack/contracts/admin/cohorts';
import { callerOf } from '../../plugins/auth.ts';
import { changeCohort, createCohort, listCohorts, moveCohortMembers } from '../../services/admin/cohorts.service.ts';

const tags = ['admin'];

// /api/v1/admin/cohorts: the organisation's cohorts (administrators only, see ./index.ts).
const adminCohortRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The organisation's cohorts (administrator)",
        response: { 200: ZListAdminCohortsResponse.describe('The cohorts by name.') },
      },
    },
    async (request) => listCohorts(app.database, callerOf(request).user),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a cohort (administrator)',
        body: ZCreateCohortRequest,
        response: { 201: ZAdminCohort.describe('The cohort is created.') },
      },
    },
    async (request, reply) => {
      const cohort = await createCohort(app.database, { admin: callerOf(request).user, input: request.body });
      return reply.status(201).send(cohort);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Rename a cohort or choose its programme (administrator)',
        params: ZAdminCohortParams,
        body: ZUpdateCohortRequest,
        response: { 200: ZAdminCohort.describe('The cohort as changed.') },
      },
    },
    async (request) =>
      changeCohort(app.database, {
        admin: callerOf(request).user,
        cohortId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/:id/members',
    {
      schema: {
        tags,
        summary: 'Move people into a cohort (administrator)',
        params: ZAdminCohortParams,
        body: ZMoveCohortMembersRequest,
        response: { 200: ZMoveCohortMembersResponse.describe('The people are in the cohort.') },
      },
    },
    async (request) =>
      moveCohortMembers(app.database, {
        admin: callerOf(request).user,
        cohortId: request.params.id,
        userIds: request.body.user_ids,
      }),
  );
};

export default adminCohortRoutes;
