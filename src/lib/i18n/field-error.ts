import { messageCodeOf } from '@domain/message-codes';
import { i18n } from './i18n';

/**
 * A field's validation message in the page's language. The shared schemas (domain/) and the
 * server's 422 give English; its code (domain/message-codes.ts) picks the catalog's message
 * `error.<code>`, with the field's own name as `{field}`. English, or a message without a code,
 * is shown as it is.
 */
export function localizeFieldError(field: string, message: string | undefined): string | undefined {
  if (message === undefined || i18n.locale !== 'ta') return message;
  const code = messageCodeOf(field, message);
  if (!code) return message;
  const fieldName = i18n.messages[`field.${field}`] ? i18n._(`field.${field}`) : field;
  return i18n._(`error.${code.code}`, { ...code.params, field: fieldName });
}
