import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#5b2a86';
export const BACKGROUND_COLOR = '#fff8ef';

/** The web app manifest. Icons are rendered from manifest/*.svg by `npm run icons`. */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Kids Talent Competition Chennai',
  short_name: 'Kids Talent',
  description:
    'Contests in dance, singing, drawing, yoga and more for children in Chennai. Register your child, even offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  lang: 'en-IN',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['education', 'kids', 'entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Field staff open the installed app straight into venue mode (a long press on its icon).
  shortcuts: [
    {
      name: 'Venue mode',
      short_name: 'Venue',
      description: 'Check children in at a venue session, offline.',
      url: '/venue',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
