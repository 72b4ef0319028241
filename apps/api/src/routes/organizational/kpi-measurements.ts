import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZKpiMeasurement,
  ZKpiMeasurementInput,
  ZKpiMeasurementParams,
  ZKpiMeasurements,
  ZKpiMeasurementsParams,
  ZKpiTargetInput,
} from '@habitrack/contracts/organizational/kpi-measurements';
import { callerOf } from '../../plugins/auth.ts';
import {
  changeKpiMeasurement,
  listKpiMeasurements,
  recordKpiMeasurement,
  removeKpiMeasurement,
  setKpiScale,
} from '../../services/organizational/kpi-measurements.service.ts';

const tags = ['organizational'];

// /api/v1/organizational/department-kpis/{id}/measurements and /target
// (docs/domain/leaders-goals-kpis.md#kpi-measurements).
const kpiMeasurementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/measurements',
    {
      schema: {
        tags,
        summary: "A KPI's unit, baseline, target and measurements",
        params: ZKpiMeasurementsParams,
        response: { 200: ZKpiMeasurements.describe('The KPI’s scale and its measurements, oldest first.') },
      },
    },
    async (request) => listKpiMeasurements(app.database, { user: callerOf(request).user, kpiId: request.params.id }),
  );

  app.put(
    '/:id/target',
    {
      schema: {
        tags,
        summary: "Set a KPI's unit, baseline and target (its team leader)",
        params: ZKpiMeasurementsParams,
        body: ZKpiTargetInput,
        response: { 200: ZKpiMeasurements.describe('The KPI’s scale and its measurements.') },
      },
    },
    async (request) =>
      setKpiScale(app.database, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        input: request.body,
        now: app.now(),
      }),
  );

  app.post(
    '/:id/measurements',
    {
      schema: {
        tags,
        summary: 'Record a value of a KPI (its team leader)',
        params: ZKpiMeasurementsParams,
        body: ZKpiMeasurementInput,
        response: { 201: ZKpiMeasurement.describe('The measurement is recorded.') },
      },
    },
    async (request, reply) => {
      const measurement = await recordKpiMeasurement(app.database, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(measurement);
    },
  );

  app.put(
    '/:id/measurements/:measurementId',
    {
      schema: {
        tags,
        summary: 'Change a KPI measurement (its team leader)',
        params: ZKpiMeasurementParams,
        body: ZKpiMeasurementInput,
        response: { 200: ZKpiMeasurement.describe('The measurement as changed.') },
      },
    },
    async (request) =>
      changeKpiMeasurement(app.database, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        measurementId: request.params.measurementId,
        input: request.body,
        now: app.now(),
      }),
  );

  app.delete(
    '/:id/measurements/:measurementId',
    {
      schema: {
        tags,
        summary: 'Delete a KPI measurement (its team leader)',
        params: ZKpiMeasurementParams,
        response: { 204: z.null().describe('The measurement is deleted.') },
      },
    },
    async (request, reply) => {
      await removeKpiMeasurement(app.database, {
        user: callerOf(request).user,
        kpiId: request.params.id,
        measurementId: request.params.measurementId,
      });
      return reply.status(204).send(null);
    },
  );
};

export default kpiMeasurementRoutes;
