export const apiKeyPaths = {
  apiKeys: '/api-keys',
  apiKeyCreate: '/api-keys/create',
  apiKeyEdit: '/api-keys/:id/edit',
} as const;
