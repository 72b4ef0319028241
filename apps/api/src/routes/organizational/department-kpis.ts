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
} from '../../services/organizational/kpis.service.ts';

const tags = ['organizational'];

const departmentKpiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "A department's KPIs",
        querystring: ZDepartmentQuery,
        response: { 200: ZListDepartmentKpisResponse.describe("The department's KPIs, per organisational goal.") },
      },
    },
    async (request) =>
      listDepartmentKpis(app.database, {
        user: callerOf(request).user,
        departmentId: request.query.department_id,
      }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: "Add a KPI to a department's goal (team leader)",
        body: ZCreateDepartmentKpiRequest,
        response: { 201: ZCreateDepartmentKpiResponse.describe('The KPI is added.') },
      },
    },
    async (request, reply) => {
      const kpi = await createDepartmentKpi(app.database, {
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
        summary: 'Change a department KPI (team leader)',
        params: ZDepartmentKpiParams,
        body: ZUpdateDepartmentKpiRequest,
        response: { 200: ZUpdateDepartmentKpiResponse.describe('The KPI as changed.') },
      },
    },
    async (request) =>
      updateDepartmentKpi(app.database, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        input: request.body,
        now: app.now(),
      }),
  );
};

export default departmentKpiRoutes;
