import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROGRAMME_FILE_MAX,
  ZAdminBehaviourFields,
  ZAdminContentParams,
  ZAdminHabit,
  ZAdminModule,
  ZAdminPositiveChange,
  ZAdminProgramme,
  ZAdminProgrammeSummary,
  ZCreateHabitRequest,
  ZImportProgrammeRequest,
  ZImportProgrammeResponse,
  ZListAdminProgrammesResponse,
  ZUpdateBehaviourRequest,
  ZUpdateHabitRequest,
  ZUpdateModuleRequest,
  ZUpdatePositiveChangeRequest,
  ZUpdateProgrammeRequest,
} from '@habitrack/contracts/admin/content';
import { callerOf } from '../../plugins/auth.ts';
import {
  changeBehaviour,
  changeModule,
  changePositiveChange,
  changeProgramme,
  getProgramme,
  listProgrammes,
} from '../../services/admin/content.service.ts';
import { addHabit, changeHabit, setHabitRetirement } from '../../services/admin/habits.service.ts';
import { importProgrammeFile } from '../../services/admin/programme-import.service.ts';

const tags = ['admin'];
// The file travels as a JSON string: escaped line breaks and quotes make it longer than the file.
const IMPORT_BODY_LIMIT = 2 * PROGRAMME_FILE_MAX + 4096;

// /api/v1/admin/programmes, /modules, /behaviours, /habits, /positive-changes: the organisation's
// programme content.
const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/programmes',
    {
      schema: {
        tags,
        summary: "The organisation's programmes (administrator)",
        response: { 200: ZListAdminProgrammesResponse.describe('The programmes by name.') },
      },
    },
    async (request) => listProgrammes(app.database, callerOf(request).user),
  );

  app.get(
    '/programmes/:id',
    {
      schema: {
        tags,
        summary: "A programme's modules, behaviours, habits and positive changes (administrator)",
        params: ZAdminContentParams,
        response: { 200: ZAdminProgramme.describe('The programme with all its content, retired habits included.') },
      },
    },
    async (request) => getProgramme(app.database, { admin: callerOf(request).user, programmeId: request.params.id }),
  );

  app.patch(
    '/programmes/:id',
    {
      schema: {
        tags,
        summary: "Change a programme's name, description or introduction (administrator)",
        params: ZAdminContentParams,
        body: ZUpdateProgrammeRequest,
        response: { 200: ZAdminProgrammeSummary.describe('The programme as changed (introduction sanitised).') },
      },
    },
    async (request) =>
      changeProgramme(app.database, {
        admin: callerOf(request).user,
        programmeId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/programmes/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a programme file, or preview what it would change (administrator)',
        body: ZImportProgrammeRequest,
        response: {
          200: ZImportProgrammeResponse.describe('What the file changed, or with dry_run would change (nothing kept).'),
        },
      },
    },
    async (request) => importProgrammeFile(app.database, { admin: callerOf(request).user, input: request.body }),
  );

  app.patch(
    '/modules/:id',
    {
      schema: {
        tags,
        summary: 'Rename a module (administrator)',
        params: ZAdminContentParams,
        body: ZUpdateModuleRequest,
        response: { 200: ZAdminModule.describe('The module as changed.') },
      },
    },
    async (request) =>
      changeModule(app.database, {
        admin: callerOf(request).user,
        moduleId: request.params.id,
        input: request.body,
      }),
  );

  app.patch(
    '/behaviours/:id',
    {
      schema: {
        tags,
        summary: "Change a behaviour's name or description (administrator)",
        params: ZAdminContentParams,
        body: ZUpdateBehaviourRequest,
        response: { 200: ZAdminBehaviourFields.describe('The behaviour as changed.') },
      },
    },
    async (request) =>
      changeBehaviour(app.database, {
        admin: callerOf(request).user,
        behaviourId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/behaviours/:id/habits',
    {
      schema: {
        tags,
        summary: 'Add a habit to a behaviour (administrator)',
        params: ZAdminContentParams,
        body: ZCreateHabitRequest,
        response: { 201: ZAdminHabit.describe('The habit is added, last in its behaviour.') },
      },
    },
    async (request, reply) => {
      const habit = await addHabit(app.database, {
        admin: callerOf(request).user,
        behaviourId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(habit);
    },
  );

  app.patch(
    '/habits/:id',
    {
      schema: {
        tags,
        summary: "Change a habit's texts, difficulty, time or default length (administrator)",
        params: ZAdminContentParams,
        body: ZUpdateHabitRequest,
        response: { 200: ZAdminHabit.describe('The habit as changed.') },
      },
    },
    async (request) =>
      changeHabit(app.database, { admin: callerOf(request).user, habitId: request.params.id, input: request.body }),
  );

  for (const [action, retire] of [
    ['retire', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/habits/:id/${action}`,
      {
        schema: {
          tags,
          summary: retire
            ? 'Retire a habit: no longer offered, kept by those who have it (administrator)'
            : 'Offer a retired habit again (administrator)',
          params: ZAdminContentParams,
          response: { 200: ZAdminHabit.describe(retire ? 'The habit, retired.' : 'The habit, offered again.') },
        },
      },
      async (request) =>
        setHabitRetirement(app.database, {
          admin: callerOf(request).user,
          habitId: request.params.id,
          retire,
          now: app.now(),
        }),
    );
  }

  app.patch(
    '/positive-changes/:id',
    {
      schema: {
        tags,
        summary: "Change a positive change's name, description or category (administrator)",
        params: ZAdminContentParams,
        body: ZUpdatePositiveChangeRequest,
        response: { 200: ZAdminPositiveChange.describe('The positive change as changed.') },
      },
    },
    async (request) =>
      changePositiveChange(app.database, {
        admin: callerOf(request).user,
        changeId: request.params.id,
        input: request.body,
      }),
  );
};

export default adminContentRoutes;
