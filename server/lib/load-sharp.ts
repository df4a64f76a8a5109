import type { Sharp, SharpOptions } from 'sharp';

let loaded: Promise<(input: string | Uint8Array, options: SharpOptions) => Sharp> | null = null;

/**
 * sharp (libvips), loaded on the first photo rather than at start-up (~0.2 s), for the judges'
 * photos and the entries' alike. Every photo is decoded once and never again, so libvips'
 * operation cache would only hold memory: it is off for the whole process.
 */
export function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return (input: string | Uint8Array, options: SharpOptions) => sharp(input, options);
  });
  return loaded;
}
