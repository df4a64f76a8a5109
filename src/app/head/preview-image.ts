/** The link preview every page shares (WhatsApp, search results): drawn at build time from our own artwork. */
export const PREVIEW_IMAGE = {
  path: '/og/preview.png',
  width: 1200,
  height: 630,
  alt: 'The Kids Talent Competition star on a purple stage, with the words Kids Talent Competition Chennai',
} as const;
