import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateDepartmentKpiRequest,
  ZCreateDepartmentKpiResponse,
} from '@habitrack/contracts/organizational/create-department-kpi';
import {
  ZDepartmentQuery,
  ZListDepartmentKpisResponse,
} from '@habitrack/contracts/organizational/list-department-kpis';
import {
  ZDepartmentKpiParams,
  ZUpdateDepartmentKpiRequest,
  ZUpdateDepartmentKpiResponse,
} from '@habitrack/contracts/organizational/update-department-kpi';
import { callerOf } from '../../plugins/auth.ts';
import {
  createDepartmentKpi,
  listDepartmentKpis,
  updateDepartmentKpi,
} from '../../services/organizational-kpis.service.ts';

const tags = ['organizational'];

const departmentKpiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: ZDepartmentQuery, response: { 200: ZListDepartmentKpisResponse } } },
    async (request) =>
      listDepartmentKpis(app.database.db, {
        user: callerOf(request).user,
        departmentId: request.query.department_id,
      }),
  );

  app.post(
    '/',
    { schema: { tags, body: ZCreateDepartmentKpiRequest, response: { 201: ZCreateDepartmentKpiResponse } } },
    async (request, reply) => {
      const kpi = await createDepartmentKpi(app.database.db, {
        user: callerOf(request).user,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(kpi);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: ZDepartmentKpiParams,
        body: ZUpdateDepartmentKpiRequest,
        response: { 200: ZUpdateDepartmentKpiResponse },
      },
    },
    async (request) =>
      updateDepartmentKpi(app.database.db, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        input: request.body,
        now: app.now(),
      }),
  );
};

export default departmentKpiRoutes;
