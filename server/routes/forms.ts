/**
 * Data entry (issue 4): visits and their forms (visits.ts), one form's page, record, saves and edit checks
 * (formData.ts), the audit trail, reasons for change and input assistance (dataAudit.ts). Every endpoint serves the
 * subject page (403 for roles without it), checks the role's data permission (server/auth/permissions.ts: 403) and
 * answers "not found" for a subject outside the role's sites.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { createFormSchemaService } from '../services/formSchemas';
import { dataAuditRoutes } from './dataAudit';
import { formDataRoutes } from './formData';
import type { FormServices } from './formServices';
import { visitRoutes } from './visits';

export const formRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const services: FormServices = { schemas: createFormSchemaService(ctx.db) };
  visitRoutes(app, ctx, services);
  formDataRoutes(app, ctx, services);
  dataAuditRoutes(app, ctx, services);
};
