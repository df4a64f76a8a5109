/**
 * Season data: one typed module, so next season is one edit (docs/product.md, "Season data").
 * The contact phone and email are clearly fake placeholders until real ones are given.
 */

export { CONTACT, LEVELS, SEASON, type Level, type LevelId } from '@domain/season';

export const ADDRESS = {
  lines: ['Kids Talent Competition', '12 Example Street, T. Nagar', 'Chennai 600 017, Tamil Nadu'],
  metro: 'Nearest metro: Teynampet (Blue Line), a 10-minute walk',
  /** Opens the area in the visitor's own map app; we embed no third-party map. */
  mapUrl: 'https://www.openstreetmap.org/?mlat=13.0418&mlon=80.2341#map=16/13.0418/80.2341',
  /** The same address in parts, for search engines (schema.org PostalAddress). */
  street: '12 Example Street, T. Nagar',
  locality: 'Chennai',
  postalCode: '600017',
  region: 'Tamil Nadu',
  country: 'IN',
} as const;

export const BUSINESS_HOURS = [
  { days: 'Monday to Saturday', hours: '9 AM – 6 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Threads', href: 'https://www.threads.net/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'X (Twitter)', href: 'https://x.com/' },
] as const;


export type Workshop = {
  id: string;
  title: string;
  price: string;
  duration: string;
  description: string;
  icon: IconName;
  color: string;
};

export type IconName =
  | 'music'
  | 'dance'
  | 'brush'
  | 'palette'
  | 'book'
  | 'mic'
  | 'pen'
  | 'yoga'
  | 'star'
  | 'mask'
  | 'camera'
  | 'puzzle'
  | 'baby'
  | 'walk'
  | 'scissors'
  | 'globe'
  | 'heart'
  | 'trophy';

export const WORKSHOP_PRICE = 'Rs.1998';
/** The same price as a number, for Intl (the Tamil pages show ₹1,998). */
export const WORKSHOP_RUPEES = 1998;
export const WORKSHOP_DURATION = 'Two months';
export const WORKSHOP_OFFER = 'Register before May 15th and we add a free extra class and a starter kit.';

const workshop = (id: string, title: string, icon: IconName, color: string, description: string): Workshop => ({
  id,
  title,
  price: WORKSHOP_PRICE,
  duration: WORKSHOP_DURATION,
  description,
  icon,
  color,
});

export const WORKSHOPS: readonly Workshop[] = [
  workshop('bharatanatyam', 'Bharatanatyam Basics', 'dance', '#b3261e', 'Adavus, mudras and the joy of rhythm, taught step by step.'),
  workshop('western-dance', 'Western Dance Moves', 'dance', '#6a1b9a', 'Hip-hop and freestyle routines that build stamina and confidence.'),
  workshop('carnatic-vocals', 'Carnatic Vocals', 'music', '#00695c', 'Swaras, simple varnams and breathing for young voices.'),
  workshop('keyboard', 'Keyboard for Beginners', 'music', '#1565c0', 'Read simple notes and play favourite tunes with both hands.'),
  workshop('drawing-sketching', 'Drawing and Sketching', 'pen', '#4e342e', 'Shapes, shading and perspective through fun weekly themes.'),
  workshop('clay-craft', 'Clay and Craft', 'scissors', '#ad1457', 'Clay modelling, paper craft and recycled-material art.'),
  workshop('storytelling', 'Storytelling and Drama', 'mask', '#c2410c', 'Voices, expressions and stage presence for little storytellers.'),
  workshop('public-speaking', 'Public Speaking', 'mic', '#283593', 'Speak clearly, hold a room and enjoy the applause.'),
  workshop('kids-yoga', 'Yoga for Kids', 'yoga', '#2e7d32', 'Playful asanas and calm breathing for focus and flexibility.'),
];

export type Course = { id: string; title: string; level: string; schedule: string; description: string; icon: IconName; color: string };

export const COURSES: readonly Course[] = [
  { id: 'watercolour', title: 'Watercolour Painting', level: 'Ages 6–14', schedule: 'Saturdays, 10 AM', description: 'Washes, blends and landscapes in soft colour.', icon: 'palette', color: '#1565c0' },
  { id: 'pencil-art', title: 'Pencil Art and Shading', level: 'Ages 8–16', schedule: 'Sundays, 11 AM', description: 'Still life and portraits with just a pencil.', icon: 'pen', color: '#4e342e' },
  { id: 'madhubani', title: 'Madhubani and Folk Art', level: 'Ages 7–15', schedule: 'Wednesdays, 5 PM', description: 'Bold lines and patterns from India’s folk traditions.', icon: 'brush', color: '#b3261e' },
  { id: 'calligraphy', title: 'Handwriting and Calligraphy', level: 'Ages 6–14', schedule: 'Tuesdays, 5 PM', description: 'Neat, joined and beautiful lettering.', icon: 'pen', color: '#283593' },
  { id: 'veena', title: 'Veena Introduction', level: 'Ages 8–16', schedule: 'Fridays, 5 PM', description: 'First notes on the veena with a patient teacher.', icon: 'music', color: '#00695c' },
  { id: 'violin', title: 'Violin for Beginners', level: 'Ages 7–16', schedule: 'Thursdays, 5 PM', description: 'Posture, bowing and simple melodies.', icon: 'music', color: '#6a1b9a' },
  { id: 'theatre', title: 'Children’s Theatre', level: 'Ages 7–15', schedule: 'Saturdays, 3 PM', description: 'Short plays, improvisation and teamwork on stage.', icon: 'mask', color: '#c2410c' },
  { id: 'photography', title: 'Photography for Kids', level: 'Ages 10–17', schedule: 'Sundays, 4 PM', description: 'Light, framing and storytelling with any camera or phone.', icon: 'camera', color: '#37474f' },
  { id: 'origami', title: 'Origami and Paper Craft', level: 'Ages 5–12', schedule: 'Mondays, 5 PM', description: 'Fold animals, flowers and toys from a single sheet.', icon: 'scissors', color: '#ad1457' },
];

export const WEBINAR = {
  title: 'Career Guidance Webinar',
  subtitle: 'What comes next? A friendly evening for students and parents.',
  /** 6:00 PM in Chennai (IST, UTC+05:30). */
  startsAt: '2027-05-20T18:00:00+05:30',
  endsAt: '2027-05-20T20:00:00+05:30',
  dateLabel: 'May 20, 2027',
  timeLabel: '6:00 – 8:00 PM IST',
  platform: 'Online, on a video-meeting link we email you after registering',
  registeredNote: '100+ registered',
  topics: [
    { title: 'After 10th', text: 'Choosing a stream, diploma routes, and how to match subjects with what your child loves.' },
    { title: 'After 12th', text: 'Entrance exams, arts and design colleges, and scholarships worth knowing about.' },
    { title: 'During graduation', text: 'Internships, portfolios and turning a talent into a first job.' },
  ],
} as const;

export type Sponsor = { id: number; name: string; logo: string; tagline: string };

export const SPONSORS: readonly Sponsor[] = [
  { id: 1, name: 'Sponsor 1', logo: '/images/sponsors/sponsor-1.svg', tagline: 'Books and stationery' },
  { id: 2, name: 'Sponsor 2', logo: '/images/sponsors/sponsor-2.svg', tagline: 'Healthy snacks' },
  { id: 3, name: 'Sponsor 3', logo: '/images/sponsors/sponsor-3.svg', tagline: 'Music and instruments' },
];

export const SPONSOR_SLIDE_MS = 3000;

export type Coordinator = { name: string; role: string; portrait: string };

export const COORDINATORS = {
  performing: { name: 'Priya Raghavan', role: 'Coordinator, performing arts', portrait: '/images/coordinators/priya.svg' },
  visual: { name: 'Arun Kumar', role: 'Coordinator, visual arts', portrait: '/images/coordinators/arun.svg' },
  words: { name: 'Meena Sundaram', role: 'Coordinator, words and wellbeing', portrait: '/images/coordinators/meena.svg' },
  babies: { name: 'Lakshmi Venkat', role: 'Coordinator, baby contests', portrait: '/images/coordinators/lakshmi.svg' },
} as const satisfies Record<string, Coordinator>;
