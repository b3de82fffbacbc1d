import { UPLOAD_ROUTES } from '@cuspid/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { serviceUrl } from '../../../lib/runtime-config';
import { sessionStore } from '../../../lib/session';

/**
 * The largest file the api service takes (its UPLOAD_MAX_BYTES), from the tus capabilities it answers to
 * OPTIONS /api/uploads (`Tus-Max-Size`); null when it cannot tell. Asked once per page load.
 */
export async function fetchUploadLimit(): Promise<number | null> {
  const token = sessionStore.get()?.token;
  const response = await fetch(serviceUrl('api', UPLOAD_ROUTES.tus), {
    method: 'OPTIONS',
    headers: { 'Tus-Resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const limit = Number(response.headers.get('Tus-Max-Size'));
  return response.ok && Number.isSafeInteger(limit) && limit > 0 ? limit : null;
}

/** The server's upload limit; `enabled` false when the caller already knows it. */
export function useUploadLimit(enabled = true) {
  return useQuery({ queryKey: ['uploads', 'limit'], queryFn: fetchUploadLimit, staleTime: Infinity, enabled });
}
