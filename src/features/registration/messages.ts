/** The original site's words, shown exactly (docs/product.md, "Registration"). */
export const SUCCESS_MESSAGE = 'Registration Successful!';
export const FAILURE_MESSAGE = 'Registration failed. Please try again.';
/** The original site's notification delay: success and the terms message each show for 3 s. */
export const NOTICE_MS = 3000;
