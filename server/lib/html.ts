/** Text made safe to put inside HTML: the one escape the server's emails and pages and the browser's prerendered HTML share. */
export { escapeHtml } from '@domain/html';
