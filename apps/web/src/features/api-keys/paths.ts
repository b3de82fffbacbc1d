export const apiKeyPaths = {
  apiKeys: '/api-keys',
  apiKeyCreate: '/api-keys/create',
  apiKeyEditRoute: '/api-keys/:id/edit',
  apiKeyEdit: (id: string) => `/api-keys/${id}/edit`,
} as const;
