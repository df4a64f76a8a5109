/**
 * A family's private link: PUBLIC_URL + `/my/` + a random token. The page sends the token back
 * in the `Authorization: Bearer` header, never in an API path, so no log line ever holds it.
 */
export const FAMILY_LINK_PREFIX = '/my/';

/** base64url of 32 random bytes (256 bits). */
export const FAMILY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function familyLinkPath(token: string): string {
  return `${FAMILY_LINK_PREFIX}${token}`;
}
