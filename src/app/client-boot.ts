/**
 * What the browser's entry (src/main.tsx) needs from the app to start it, in one import: all of
 * it is in the shell's chunk (scripts/boot-chunks.ts), so one import means one request and one
 * preload link where three made three (each a re-export of the same chunk).
 */
export { App } from './app';
export { createClientRouter, pageRouteFor } from './router';
export { activateLanguage } from '@/lib/i18n/i18n';
