import { gatherDeclarations } from './lib/declarations';
import { modules } from './modules';
import { SERVICE_BASE } from './plugins/service-base';

/**
 * The product's tables, assembled from what the services' base and every area of the module list declare: the
 * mail events with their default templates, the permission catalogue, the public routes, the audit kinds and the
 * dashboards' metrics.
 * Building it throws when two of them declare the same entry.
 */
export const DECLARED = gatherDeclarations([SERVICE_BASE, ...modules]);
