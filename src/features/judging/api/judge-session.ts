import { sessionCopy } from '@/lib/auth';

/** The judge signed in on this device (up to 3 days, like venue staff): scoring goes on offline. */
export const judgeSession = sessionCopy('ktc-judge-session', ['judge'], 'This is not a judge account. Judges sign in here; admins and staff use their own pages.');
