import { AUTH_ROUTES, type UserProfile } from '@cuspid/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};

export function getProfile(): Promise<UserProfile> {
  return api.get<UserProfile>('auth', AUTH_ROUTES.profile);
}

export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: profileKeys.detail(userId), queryFn: getProfile });

export const useProfile = (userId: string) => useQuery(profileQuery(userId));
