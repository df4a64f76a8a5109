import type { Language } from './languages';

/**
 * A family's private link: PUBLIC_URL + `/my/` + a random token (`/ta/my/` for a Tamil
 * registration, so the page opens in the family's language). The page sends the token back in
 * the `Authorization: Bearer` header, never in an API path, so no log line ever holds it.
 */
export const FAMILY_LINK_PREFIX = '/my/';

/** base64url of 32 random bytes (256 bits). */
export const FAMILY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function familyLinkPath(token: string, language: Language = 'en'): string {
  return `${language === 'ta' ? '/ta' : ''}${FAMILY_LINK_PREFIX}${token}`;
}
