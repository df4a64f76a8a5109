import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sessionQueryOptions } from '../api/session';
import { safeNextPath } from '../utils/next-path';

/** What each step of signing in (password, then second factor) needs: the session so far, and where to go once it is done. */
export function useSignInStep() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  return { next, navigate, queryClient, session };
}
