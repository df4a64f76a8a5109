import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import { registrationContent, type NewRegistration, type Registration } from '@domain/registration';
import { canonicalJson } from '@domain/validation';
import type { Database } from '../db/client';

/** Demo data for the admin table and the benchmarks: Chennai-area families, plausible choices. */
const CITIES = [
  'Chennai', 'Tambaram', 'Avadi', 'Ambattur', 'Porur', 'Velachery', 'Anna Nagar', 'T. Nagar', 'Adyar', 'Mylapore',
  'Chromepet', 'Pallavaram', 'Sholinganallur', 'Perungudi', 'Guindy', 'Kodambakkam', 'Vadapalani', 'Nungambakkam',
  'Egmore', 'Perambur', 'Tiruvottiyur', 'Poonamallee', 'Kanchipuram', 'Chengalpattu', 'Tiruvallur', 'Sriperumbudur',
  'Guduvancheri', 'Madipakkam', 'Medavakkam', 'Kelambakkam', 'Thoraipakkam', 'Valasaravakkam',
];
const FIRST_NAMES = [
  'Aadhya', 'Aarav', 'Abinaya', 'Adithya', 'Akshara', 'Anirudh', 'Ananya', 'Arjun', 'Bhavana', 'Charan', 'Deepika',
  'Dhanush', 'Divya', 'Harini', 'Harish', 'Ishaan', 'Janani', 'Kavin', 'Kavya', 'Keerthana', 'Lakshmi', 'Madhav',
  'Meera', 'Mithran', 'Nandhini', 'Naveen', 'Nila', 'Pranav', 'Preethi', 'Rahul', 'Ritika', 'Sanjay', 'Saranya',
  'Shreya', 'Siddharth', 'Sneha', 'Surya', 'Tanvi', 'Tharun', 'Vaishnavi', 'Varun', 'Vikram', 'Yazhini', 'Yuvan',
  'Aditi', 'Bharath', 'Gowtham', 'Hamsini', 'Kabilan', 'Mahathi', 'Nithin', 'Oviya', 'Pooja', 'Raghav', 'Sahana',
  'Thamizh', 'Vennila', 'Zara', 'Ayesha', 'Joel', 'Sharon', 'Rithvik', 'Dhruv', 'Inba', 'Kaviya', 'Sai',
];
const SURNAMES = [
  'Ramesh', 'Kumar', 'Subramanian', 'Krishnan', 'Iyer', 'Raman', 'Venkatesh', 'Natarajan', 'Sundaram', 'Balaji',
  'Murugan', 'Rajan', 'Srinivasan', 'Anand', 'Prakash', 'Selvam', 'Pillai', 'Reddy', 'Nair', 'Sharma', 'Joseph',
  'Rahman', 'Ganesan', 'Arumugam', 'Chandran', 'Mohan', 'Shankar', 'Vijay', 'Karthik', 'Sekar',
];
const INSTITUTE_KINDS = ['Academy', 'Dance School', 'Music School', 'Art Studio', 'Public School', 'Matriculation School', 'Yoga Centre', 'Kids Club'];
const INSTITUTE_WORDS = ['Little Stars', 'Sunbeam', 'Kalakshetra Kids', 'Bright Minds', 'Natya', 'Swaram', 'Rainbow', 'Vidya', 'Tiny Tots', 'Green Valley', 'Lotus', 'Sangeetha'];
const CHILD_CATEGORIES: CategorySlug[] = ['dance', 'singing', 'drawing', 'costume', 'storytelling', 'spelling-bee', 'coloring', 'handwriting', 'art-craft', 'yoga'];
const DOMAINS = ['example.com', 'example.in', 'example.org', 'example.net'];
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A registration as stored, before the times the server adds. */
type SeedRegistration = Omit<Registration, 'createdAt' | 'updatedAt' | 'version'> & { agreeTerms: true };

/** deviceSavedAt: when a field device saved it (null: sent straight from a browser, or from before devices said). */
export type SeedRow = SeedRegistration & { createdAt: string; deviceSavedAt: string | null };

/**
 * How late a record reached the server after the device saved it: most field records within
 * minutes, some after hours of no signal, a few (about 3%) more than a day. Its own PRNG, so the
 * rows themselves stay what they were for a given seed.
 */
function deviceDelays(count: number, seed: number): (number | null)[] {
  const random = seededRandom(seed ^ 0x5eed);
  return Array.from({ length: count }, () => {
    if (random() >= 0.4) return null;
    const roll = random();
    if (roll < 0.75) return Math.floor(random() * 15 * 60_000);
    if (roll < 0.92) return Math.floor(random() * 12 * 3_600_000);
    return Math.floor(random() * 3 * 86_400_000);
  });
}

/** A small fast PRNG, so tests can seed the same rows every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateRegistrations(count: number, random: () => number = Math.random, now = Date.now()): SeedRow[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const codes = new Set<string>();
  const referenceCode = () => {
    for (;;) {
      let chars = '';
      for (let i = 0; i < 8; i++) chars += CODE_ALPHABET[Math.floor(random() * 32)];
      const code = `KTC-${chars.slice(0, 4)}-${chars.slice(4)}`;
      if (!codes.has(code)) {
        codes.add(code);
        return code;
      }
    }
  };
  const uuid = () => {
    if (random === Math.random) return randomUUID();
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const phone = () => `${random() < 0.6 ? '+91' : ''}${pick(['9', '8', '7', '6'])}${String(int(0, 999_999_999)).padStart(9, '0')}`;
  const categoriesOf = (n: number) => [...new Set(Array.from({ length: n }, () => pick(CHILD_CATEGORIES)))].sort(
    (a, b) => CHILD_CATEGORIES.indexOf(a) - CHILD_CATEGORIES.indexOf(b),
  );

  const rows: SeedRow[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(now - int(0, 120 * 24 * 3600) * 1000 - int(0, 999)).toISOString();
    const city = pick(CITIES);
    const roll = random();
    const earlier = rows.length > 0 ? rows[int(0, rows.length - 1)] : undefined;
    let row: SeedRegistration;
    if (roll < 0.01 && earlier?.name) {
      // A possible duplicate: the same child and phone entered again (a field worker's double tap).
      row = { ...earlier, id: uuid(), referenceCode: referenceCode(), name: earlier.name.toUpperCase(), city };
    } else if (roll < 0.05) {
      const word = pick(INSTITUTE_WORDS);
      row = {
        id: uuid(), referenceCode: referenceCode(), type: 'institute', name: null, age: null, ageUnit: null,
        email: `admin.${word.toLowerCase().replace(/\W+/g, '')}${int(1, 999)}@${pick(DOMAINS)}`, phone: phone(), city,
        instituteName: `${word} ${pick(INSTITUTE_KINDS)}, ${city}`, categories: categoriesOf(int(2, 5)), agreeTerms: true,
      };
    } else {
      const first = pick(FIRST_NAMES);
      const last = pick(SURNAMES);
      const baby = roll < 0.1;
      const crawling = baby && random() < 0.5;
      const categories: CategorySlug[] = baby ? [crawling ? 'crawling' : 'fastest-walking'] : categoriesOf(int(1, 3));
      row = {
        id: uuid(), referenceCode: referenceCode(), type: 'participant', name: `${first} ${last}`,
        age: baby ? (crawling ? int(5, 9) : int(9, 15)) : int(3, 14), ageUnit: baby ? 'months' : 'years',
        email: `${last.toLowerCase()}.${first.toLowerCase()}${int(1, 9999)}@${pick(DOMAINS)}`, phone: phone(), city,
        instituteName: random() < 0.25 ? `${pick(INSTITUTE_WORDS)} ${pick(INSTITUTE_KINDS)}` : null,
        categories, agreeTerms: true,
      };
    }
    rows.push({ ...row, createdAt, deviceSavedAt: null });
  }
  deviceDelays(count, Math.floor(now / 1000)).forEach((delay, i) => {
    const row = rows[i];
    if (row && delay !== null) row.deviceSavedAt = new Date(new Date(row.createdAt).getTime() - delay).toISOString();
  });
  return rows;
}

const CHUNK = 2000;
const SEED_PIECE = 20_000;

/** Inserts rows a chunk at a time, each chunk one statement with one JSON parameter. */
export async function insertRegistrations(database: Database, rows: readonly SeedRow[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK).map((r) => ({
      id: r.id,
      reference_code: r.referenceCode,
      type: r.type,
      name: r.name,
      age: r.age,
      age_unit: r.ageUnit,
      email: r.email,
      phone: r.phone,
      city: r.city,
      institute_name: r.instituteName,
      categories: `{${r.categories.join(',')}}`,
      content_hash: createHash('sha256').update(canonicalJson(registrationContent(r as unknown as NewRegistration))).digest('hex'),
      created_at: r.createdAt,
      device_saved_at: r.deviceSavedAt,
    }));
    const result = await database.rows<{ id: string }>(sql`
      insert into registrations
        (id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories,
         agree_terms, content_hash, source, created_at, updated_at, device_saved_at)
      select x.id, x.reference_code, x.type, x.name, x.age, x.age_unit, x.email, x.phone, x.city, x.institute_name,
        x.categories::text[], true, x.content_hash, 'web', x.created_at, x.created_at, x.device_saved_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(
        id uuid, reference_code text, type text, name text, age int, age_unit text, email text, phone text,
        city text, institute_name text, categories text, content_hash text, created_at timestamptz, device_saved_at timestamptz)
      on conflict do nothing
      returning id`);
    inserted += result.length;
  }
  return inserted;
}

/** Adds `count` demo registrations, then refreshes statistics (PGlite has no autovacuum to do it). */
export async function seedRegistrations(database: Database, count: number): Promise<{ inserted: number; seconds: number }> {
  const started = performance.now();
  let inserted = 0;
  // A piece at a time: two million rows at once would not fit the server's heap (256 MiB, package.json).
  for (let done = 0; done < count; done += SEED_PIECE) {
    inserted += await insertRegistrations(database, generateRegistrations(Math.min(SEED_PIECE, count - done)));
  }
  // Fresh statistics and visibility map, so the planner picks the index plans at once.
  await database.rows(sql`vacuum analyze registrations`);
  return { inserted, seconds: (performance.now() - started) / 1000 };
}
