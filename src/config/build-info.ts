declare const __BUILD_TIME__: string;

/**
 * When this build was made (set once in vite.config.ts, the same in the prerender and the browser
 * bundle). Values that depend on the clock render from it until hydration, so they match.
 */
export const BUILD_TIME_MS = Date.parse(__BUILD_TIME__);

/** The build's year in UTC, so the prerender and the hydrating browser agree whatever their time zone. */
export const BUILD_YEAR = new Date(BUILD_TIME_MS).getUTCFullYear();
