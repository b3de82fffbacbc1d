import { AUDIT_ROUTES, type AuditEntry, type auditEntrySchema } from '@cuspid/contracts/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TotalList } from '../../../lib/list-types';

export type AuditLogList = TotalList<typeof auditEntrySchema>;

/** The filters of the audit trail screen, as kept in the URL. */
export type AuditLogFilters = {
  page: number;
  size: number;
  entity: string;
  entityId: string;
  actorUserId: string;
  action: string;
  from: string;
  to: string;
};

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditLogFilters) => [...auditLogKeys.all, 'page', filters] as const,
  detail: (id: string) => [...auditLogKeys.all, 'detail', id] as const,
};

export function getAuditLogPage(filters: AuditLogFilters, signal?: AbortSignal) {
  const or = (value: string) => value.trim() || undefined;
  return api.get<AuditLogList>('api', AUDIT_ROUTES.auditLog, {
    query: {
      page: filters.page,
      per_page: filters.size,
      entity: or(filters.entity),
      entity_id: or(filters.entityId),
      actor_user_id: or(filters.actorUserId),
      action: or(filters.action),
      from: or(filters.from),
      to: or(filters.to),
    },
    signal,
  });
}

export const auditLogPageQuery = (filters: AuditLogFilters) =>
  queryOptions({
    queryKey: auditLogKeys.page(filters),
    queryFn: ({ signal }) => getAuditLogPage(filters, signal),
    placeholderData: keepPreviousData,
  });
export const useAuditLogPage = (filters: AuditLogFilters) => useQuery(auditLogPageQuery(filters));

export const getAuditEntry = (id: string, signal?: AbortSignal) =>
  api.get<AuditEntry>('api', AUDIT_ROUTES.entry(encodeURIComponent(id)), { signal });
export const auditEntryQuery = (id: string) =>
  queryOptions({ queryKey: auditLogKeys.detail(id), queryFn: ({ signal }) => getAuditEntry(id, signal) });
export const useAuditEntry = (id: string | null) => useQuery({ ...auditEntryQuery(id ?? ''), enabled: !!id });
