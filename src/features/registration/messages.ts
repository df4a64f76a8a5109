/** The spec's words, shown exactly (spec section 8). */
export const SUCCESS_MESSAGE = 'Registration Successful!';
export const FAILURE_MESSAGE = 'Registration failed. Please try again.';
/** The spec's notification delay: success and the terms message each show for 3 s. */
export const NOTICE_MS = 3000;
