import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateDepartmentRequest,
  ZCreateDepartmentResponse,
} from '@habitrack/contracts/organizational/create-department';
import { ZListDepartmentsResponse } from '@habitrack/contracts/organizational/list-departments';
import { ZProgramQuery } from '@habitrack/contracts/organizational/list-goals';
import { callerOf } from '../../plugins/auth.ts';
import { createDepartment, listProgrammeDepartments } from '../../services/organizational/departments.service.ts';

const tags = ['organizational'];

const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "A programme's departments the caller may see",
        querystring: ZProgramQuery,
        response: { 200: ZListDepartmentsResponse.describe('The departments.') },
      },
    },
    async (request) =>
      listProgrammeDepartments(app.database, {
        user: callerOf(request).user,
        programmeId: request.query.program_id,
      }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a department for a team the caller leads (team leader)',
        body: ZCreateDepartmentRequest,
        response: { 201: ZCreateDepartmentResponse.describe('The department is created.') },
      },
    },
    async (request, reply) => {
      const department = await createDepartment(app.database, {
        user: callerOf(request).user,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(department);
    },
  );
};

export default departmentRoutes;
