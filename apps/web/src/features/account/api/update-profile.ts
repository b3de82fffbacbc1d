import { AUTH_ROUTES, type UpdateProfileBody, type UserProfile } from '@cuspid/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { profileKeys } from './get-profile';

export function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return api.post<UserProfile>('auth', AUTH_ROUTES.updateProfile, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.detail(profile.id), profile);
      // The header and home page read the stored profile.
      sessionStore.setUser(profile);
    },
  });
}
