export const auditLogPaths = {
  auditLog: '/audit-log',
} as const;
