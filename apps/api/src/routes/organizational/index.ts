import type { FastifyInstance } from 'fastify';
import departmentKpiRoutes from './department-kpis.ts';
import departmentRoutes from './departments.ts';
import goalRoutes from './goals.ts';
import kpiMeasurementRoutes from './kpi-measurements.ts';

export type OrganizationalRoutesOptions = { publicUrl: string };

// /api/v1/organizational/* (docs/domain/api-calls.md#goals-departments-and-kpis): leaders' goals,
// team leaders' departments and KPIs.
export default async function organizationalRoutes(app: FastifyInstance, options: OrganizationalRoutesOptions) {
  await app.register(goalRoutes, { prefix: '/goals', publicUrl: options.publicUrl });
  await app.register(departmentRoutes, { prefix: '/departments' });
  await app.register(departmentKpiRoutes, { prefix: '/department-kpis' });
  await app.register(kpiMeasurementRoutes, { prefix: '/department-kpis' });
}
