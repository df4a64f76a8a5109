import { queryOptions } from '@tanstack/react-query';
import { currentAccount } from '@/lib/auth';
import { adminKeys } from './query-keys';

/** Who is signed in; null when nobody is. Signing in and out: `src/lib/auth.ts`, shared with venue mode. */
export const sessionQueryOptions = () => queryOptions({ queryKey: adminKeys.session(), queryFn: currentAccount, staleTime: 60_000 });
