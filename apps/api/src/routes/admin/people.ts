import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PEOPLE_IMPORT_SOURCE_MAX,
  ZDeactivatePersonResponse,
  ZErasePersonResponse,
  ZGetPersonResponse,
  ZImportPeopleRequest,
  ZImportPeopleResponse,
  ZInvitePersonRequest,
  ZInvitePersonResponse,
  ZListPeopleQuery,
  ZListPeopleResponse,
  ZPersonParams,
  ZReactivatePersonResponse,
  ZUpdatePersonRequest,
  ZUpdatePersonResponse,
} from '@habitrack/contracts/admin/people';
import { callerOf } from '../../plugins/auth.ts';
import { uploadPeople } from '../../services/admin/people-import.service.ts';
import { deactivatePerson, erasePerson, reactivatePerson } from '../../services/admin/people-status.service.ts';
import { getPerson, invitePerson, listPeople, updatePerson } from '../../services/admin/people.service.ts';

const tags = ['admin'];
// The upload's JSON: the source text (escaped, so up to twice its length for quotes and line
// breaks) and a little more; everything else keeps the application's 64 KiB.
const UPLOAD_BODY_LIMIT = 2 * PEOPLE_IMPORT_SOURCE_MAX + 64 * 1024;

// /api/v1/admin/people (issue 21): the administration console's People. The administrator check
// is the /admin plugin's; every operation stays in the administrator's organisation.
const adminPeopleRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const admin = (request: Parameters<typeof callerOf>[0]) => callerOf(request).user;

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "Search the organisation's people (administrators)",
        querystring: ZListPeopleQuery,
        response: { 200: ZListPeopleResponse.describe('One page of the people found, and how many there are.') },
      },
    },
    async (request) => listPeople(app.database, { admin: admin(request), query: request.query }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One person of the organisation (administrators)',
        params: ZPersonParams,
        response: { 200: ZGetPersonResponse.describe('The person.') },
      },
    },
    async (request) => getPerson(app.database, { admin: admin(request), id: request.params.id }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Invite one person: create them and e-mail the sign-in link (administrators)',
        body: ZInvitePersonRequest,
        response: { 201: ZInvitePersonResponse.describe('The person is created and the invitation queued.') },
      },
    },
    async (request, reply) => {
      const person = await invitePerson(app.database, {
        admin: admin(request),
        input: request.body,
        publicUrl,
        now: app.now(),
      });
      return reply.status(201).send(person);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: "Change a person's name, job title, role, team, cohort or administrator right (administrators)",
        params: ZPersonParams,
        body: ZUpdatePersonRequest,
        response: { 200: ZUpdatePersonResponse.describe('The person as changed.') },
      },
    },
    async (request) =>
      updatePerson(app.database, { admin: admin(request), id: request.params.id, input: request.body }),
  );

  app.post(
    '/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate a person: refused from their next request, their data kept (administrators)',
        params: ZPersonParams,
        response: { 200: ZDeactivatePersonResponse.describe('The person, deactivated.') },
      },
    },
    async (request) => deactivatePerson(app.database, { admin: admin(request), id: request.params.id, now: app.now() }),
  );

  app.post(
    '/:id/reactivate',
    {
      schema: {
        tags,
        summary: 'Reactivate a deactivated person (administrators)',
        params: ZPersonParams,
        response: { 200: ZReactivatePersonResponse.describe('The person, active again.') },
      },
    },
    async (request) => reactivatePerson(app.database, { admin: admin(request), id: request.params.id, now: app.now() }),
  );

  app.post(
    '/:id/erase',
    {
      schema: {
        tags,
        summary: 'Erase a person (a data-protection request; irreversible) (administrators)',
        params: ZPersonParams,
        response: { 200: ZErasePersonResponse.describe('The person as erased.') },
      },
    },
    async (request) => erasePerson(app.database, { admin: admin(request), id: request.params.id, now: app.now() }),
  );

  app.post(
    '/imports',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a people file (YAML or CSV), as a dry run or applied (administrators)',
        body: ZImportPeopleRequest,
        response: { 200: ZImportPeopleResponse.describe('What the import did, or would do in a dry run.') },
      },
    },
    async (request) => uploadPeople(app.database, { admin: admin(request), input: request.body }),
  );
};

export default adminPeopleRoutes;
