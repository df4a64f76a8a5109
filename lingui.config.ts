import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Message catalogs (ADR 015): one PO file per language in src/locales/, written by hand with
 * explicit message ids and a context comment for the translator. The Vite plugin compiles each
 * PO file into its own chunk at build time; a page loads only its language's chunk.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ta'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['src'] }],
  // Message ids are written out (msgid "nav.home"), not generated from the English text.
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
