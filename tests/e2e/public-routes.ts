/**
 * Every public route and the heading it must show (shared by the public-site, a11y, budget and
 * prerendered-pages specs). `status` is the HTTP status the server answers (200 unless given).
 */
export const PUBLIC_ROUTES: readonly { path: string; heading: RegExp; status?: 404 }[] = [
  { path: '/', heading: /every child has a talent/i },
  { path: '/about', heading: /friendly stage/i },
  { path: '/registration', heading: /regist/i },
  { path: '/events', heading: /^events$/i },
  { path: '/contact', heading: /contact us/i },
  { path: '/judgereg', heading: /join our teaching panel/i },
  { path: '/workshops', heading: /summer workshops 2027/i },
  { path: '/learn-arts', heading: /learn the arts/i },
  { path: '/webinars', heading: /career guidance webinar/i },
  { path: '/community', heading: /join our community/i },
  { path: '/terms', heading: /terms & conditions/i },
  { path: '/privacy', heading: /privacy policy/i },
  { path: '/faq', heading: /frequently asked questions/i },
  { path: '/contest/category', heading: /contest categories/i },
  { path: '/contest/dance', heading: /^dance challenge$/i },
  { path: '/contest/singing', heading: /^singing contest$/i },
  { path: '/contest/drawing', heading: /^drawing competition$/i },
  { path: '/contest/costume', heading: /^costume parade$/i },
  { path: '/contest/storytelling', heading: /^storytelling$/i },
  { path: '/contest/spelling-bee', heading: /^reading wizards$/i },
  { path: '/contest/coloring', heading: /^coloring competition$/i },
  { path: '/contest/handwriting', heading: /^handwriting competition$/i },
  { path: '/contest/fastest-walking', heading: /^fastest walking \(9-15 months\)$/i },
  { path: '/contest/crawling', heading: /^crawling \(5-9 months\)$/i },
  { path: '/contest/yoga', heading: /^yoga competition$/i },
  { path: '/contest/art', heading: /^art & craft showcase$/i },
  { path: '/contest/Art', heading: /^art & craft showcase$/i },
  { path: '/no-such-page', heading: /page not found/i, status: 404 },
];
