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
  { path: '/find-my-registration', heading: /find my registration/i },
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

/**
 * The Tamil pages (ADR 015): the same paths under /ta/, each with its Tamil heading. `translated`
 * pages must show no English UI text (i18n.spec.ts); every public page is translated now.
 */
export const TAMIL_ROUTES: readonly { path: string; heading: RegExp; status?: 404; translated: boolean }[] = [
  { path: '/ta/', heading: /ஒவ்வொரு குழந்தைக்கும் ஒரு திறமை/, translated: true },
  { path: '/ta/registration', heading: /போட்டிக்குப் பதிவு செய்யுங்கள்/, translated: true },
  { path: '/ta/events', heading: /^நிகழ்வுகள்$/, translated: true },
  { path: '/ta/workshops', heading: /கோடைப் பயிலரங்குகள் 2027/, translated: true },
  { path: '/ta/learn-arts', heading: /கலைகளைக் கற்போம்/, translated: true },
  { path: '/ta/webinars', heading: /தொழில் வழிகாட்டி/, translated: true },
  { path: '/ta/contest/category', heading: /போட்டிப் பிரிவுகள்/, translated: true },
  { path: '/ta/contest/dance', heading: /நடனப் போட்டி \(Dance Challenge\)/, translated: true },
  { path: '/ta/contest/crawling', heading: /தவழும் போட்டி/, translated: true },
  { path: '/ta/contest/art', heading: /கலை & கைவினைக் காட்சி/, translated: true },
  { path: '/ta/about', heading: /சென்னைக் குழந்தைகளுக்கு ஓர் அன்பான மேடை/, translated: true },
  { path: '/ta/contact', heading: /எங்களைத் தொடர்புகொள்ளுங்கள்/, translated: true },
  { path: '/ta/judgereg', heading: /எங்கள் ஆசிரியர் குழுவில் இணையுங்கள்/, translated: true },
  { path: '/ta/community', heading: /எங்கள் சமூகத்தில் இணையுங்கள்/, translated: true },
  { path: '/ta/terms', heading: /விதிமுறைகள் மற்றும் நிபந்தனைகள்/, translated: true },
  { path: '/ta/privacy', heading: /தனியுரிமைக் கொள்கை/, translated: true },
  { path: '/ta/faq', heading: /அடிக்கடி கேட்கப்படும் கேள்விகள்/, translated: true },
  { path: '/ta/find-my-registration', heading: /என் பதிவைக் கண்டுபிடி/, translated: true },
  { path: '/ta/no-such-page', heading: /பக்கம் கிடைக்கவில்லை/, status: 404, translated: true },
];
