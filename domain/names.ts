import type { z } from 'zod';
import { optionalText, requiredText } from './contact-details';

/**
 * Control and format characters (and line or paragraph separators) in a name: invisible text that
 * can reorder what an admin reads (U+202E), hide inside a search, or break a CSV line. ZWJ and
 * ZWNJ stay allowed: Tamil and other Indic scripts need them to choose a letter's shape.
 */
const HIDDEN_IN_NAME = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * A web address in a name or a city. These values are shown back in our emails and pages; one
 * that holds a link could make our own email carry a stranger's link to whoever it names.
 */
const WEB_ADDRESS = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.[a-z0-9-]/i;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_IN_NAME.test(text);
}

export function hasWebAddress(text: string): boolean {
  return WEB_ADDRESS.test(text);
}

export function hiddenCharactersMessage(label: string): string {
  return `Remove the hidden control or formatting characters from ${label}; retype it if you pasted it.`;
}

export function webAddressMessage(label: string): string {
  return `Remove the web address from ${label}.`;
}

/** The rules of every single-line field a person types (names, city, institute, subject): one line of visible text, no link. */
function asSingleLine<S extends z.ZodType<string | undefined, unknown>>(schema: S, label: string): S {
  return schema
    .refine((text) => text === undefined || !hasHiddenCharacters(text), hiddenCharactersMessage(label))
    .refine((text) => text === undefined || !hasWebAddress(text), webAddressMessage(label));
}

/** A required name (of a person or an institute) or another single line: required text without hidden characters or links. */
export function requiredName(label: string, max: number) {
  return asSingleLine(requiredText(label, max), label);
}

export function optionalName(label: string, max: number) {
  return asSingleLine(optionalText(label, max), label);
}
