import { categoryByName, isCategorySlug } from './categories';
import type { FieldErrors } from './validation';

/** The fields the original site's form sent under the names we use. */
const LEGACY_FIELDS = ['name', 'age', 'email', 'phone', 'city', 'instituteName', 'agreeTerms'] as const;

/**
 * Maps the original site's `POST /api/users/createuser` payload (docs/product.md, "The original
 * site's API") onto `RegistrationInput`: categories come as one comma-joined string of names,
 * `createdBy` is 'participants' or 'institute', and there is no id or reference code (the caller
 * gives them). Anything it cannot map is left for the same registration schema to reject.
 */
export function registrationInputFromLegacy(
  payload: unknown,
  identity: { id: string; referenceCode: string },
): Record<string, unknown> {
  const source: Record<string, unknown> = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const input: Record<string, unknown> = { ...identity };
  for (const key of LEGACY_FIELDS) {
    if (Object.hasOwn(source, key)) input[key] = source[key];
  }
  input.type = source.createdBy === 'participants' ? 'participant' : source.createdBy === 'institute' ? 'institute' : undefined;
  input.categories = legacyCategories(source.categories);
  return input;
}

/** 'Dance Challenge, singing contest' -> ['dance', 'singing'], matching names case-insensitively. */
function legacyCategories(value: unknown): unknown {
  const names: unknown = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(names)) return names;
  return names
    .filter((name) => typeof name !== 'string' || name.trim() !== '')
    .map((name) => {
      if (typeof name !== 'string') return name;
      const slug = categoryByName(name)?.slug ?? name.trim().toLowerCase();
      // An unknown name stays as it is, so the schema answers "Choose contests from the list."
      return isCategorySlug(slug) ? slug : name;
    });
}

/** Field errors under the names the legacy client sent: `type` was its `createdBy`. */
export function legacyFieldErrors(fields: FieldErrors): FieldErrors {
  const { type, ...rest } = fields;
  return type === undefined ? rest : { ...rest, createdBy: 'Choose participants or institute.' };
}
