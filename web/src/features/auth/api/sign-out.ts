import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http.ts';

export const signOut = () => answer(api.auth.logout.$post());

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Nothing of the old session may stay in memory.
    onSuccess: () => queryClient.clear(),
  });
}
