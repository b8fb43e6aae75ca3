import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { setSessionUser } from './get-user-info.ts';

/** POST /api/uc/passport/doLogout: revokes the session and clears the cookie. */
export const doLogout = () => api.post<null>('/api/uc/passport/doLogout');

export function useDoLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: doLogout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
}
