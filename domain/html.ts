/** Text made safe to put inside HTML (an element's content or a quoted attribute), on the server and in the browser. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
