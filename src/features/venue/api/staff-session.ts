import { sessionCopy, type SessionCopy } from '@/lib/auth';

/**
 * The staff member (or admin) signed in on this phone: venue mode works offline for up to 3 days
 * on this copy, and the server still decides (src/lib/auth.ts, `sessionCopy`).
 */
export type StaffSession = SessionCopy;

const staff = sessionCopy('ktc-venue-session', ['staff', 'admin'], 'This account is for judging only: venue mode needs a staff account.');

export const savedSession = staff.saved;
export const forgetSession = staff.forget;
/** The staff member signed in on this phone, live: venue mode's header and page both show it. */
export const useStaffSession = staff.use;
export const signInStaff = staff.signIn;
export const confirmSession = staff.confirm;
