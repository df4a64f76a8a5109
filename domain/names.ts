import { optionalText, requiredText } from './contact-details';

/**
 * Control and format characters (and line or paragraph separators) in a name: invisible text that
 * can reorder what an admin reads (U+202E), hide inside a search, or break a CSV line. ZWJ and
 * ZWNJ stay allowed: Tamil and other Indic scripts need them to choose a letter's shape.
 */
const HIDDEN_IN_NAME = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_IN_NAME.test(text);
}

export function hiddenCharactersMessage(label: string): string {
  return `Remove the hidden control or formatting characters from ${label}; retype it if you pasted it.`;
}

/** A required name (of a person or an institute): required text without hidden characters. */
export function requiredName(label: string, max: number) {
  return requiredText(label, max).refine((text) => !hasHiddenCharacters(text), hiddenCharactersMessage(label));
}

export function optionalName(label: string, max: number) {
  return optionalText(label, max).refine(
    (text) => text === undefined || !hasHiddenCharacters(text),
    hiddenCharactersMessage(label),
  );
}
