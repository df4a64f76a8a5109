import { ADDRESS, CONTACT, LEVELS, SEASON, type Level } from '@/config/season';
import { PREVIEW_IMAGE } from './preview-image';

/** schema.org data for search engines, built from the season module (one source for every date and price). */

type JsonLd = Record<string, unknown>;

const organizationId = (origin: string) => `${origin}/#organization`;

export function organization(origin: string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: 'Kids Talent Competition',
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    email: CONTACT.email,
    telephone: CONTACT.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: ADDRESS.street,
      addressLocality: ADDRESS.locality,
      postalCode: ADDRESS.postalCode,
      addressRegion: ADDRESS.region,
      addressCountry: ADDRESS.country,
    },
  };
}

function place(level: Level): JsonLd {
  return {
    '@type': 'Place',
    name: level.place.name,
    address: { '@type': 'PostalAddress', addressLocality: level.place.locality, addressRegion: ADDRESS.region, addressCountry: ADDRESS.country },
  };
}

export function levelEvent(level: Level, origin: string): JsonLd {
  const online = level.attendance === 'online-and-in-person';
  return {
    '@type': 'Event',
    '@id': `${origin}/events#${level.id}`,
    name: `${level.title} · ${SEASON.name}`,
    description: level.description,
    startDate: level.startsAt,
    endDate: level.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online ? 'https://schema.org/MixedEventAttendanceMode' : 'https://schema.org/OfflineEventAttendanceMode',
    location: online ? [{ '@type': 'VirtualLocation', url: `${origin}/registration` }, place(level)] : place(level),
    image: `${origin}${PREVIEW_IMAGE.path}`,
    organizer: { '@id': organizationId(origin) },
    ...(level.prices
      ? {
          offers: level.prices.map((price) => ({
            '@type': 'Offer',
            name: price.label,
            price: String(price.rupees),
            priceCurrency: 'INR',
            url: `${origin}/registration`,
            availability: 'https://schema.org/InStock',
          })),
        }
      : {}),
  };
}

/** The JSON-LD graph of a page: the organisation always, the three levels where the page is about them. */
export function structuredData(origin: string, options: { levels: boolean }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@graph': [organization(origin), ...(options.levels ? LEVELS.map((level) => levelEvent(level, origin)) : [])],
  };
}
