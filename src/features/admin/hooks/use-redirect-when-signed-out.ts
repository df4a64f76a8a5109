import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { adminKeys } from '../api/query-keys';

/** A 401 from any admin call means the session ended: the guard then sends the admin to login. */
export function useRedirectWhenSignedOut(error: unknown): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (error instanceof ApiRequestError && error.status === 401) {
      queryClient.setQueryData(adminKeys.session(), null);
    }
  }, [error, queryClient]);
}
