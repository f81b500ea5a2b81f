import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http.ts';

export const signOut = () => api.post<{ ok: true }>('/auth/logout');

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Nothing of the old session may stay in memory.
    onSuccess: () => queryClient.clear(),
  });
}
