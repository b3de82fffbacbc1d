// Generator of a large user base for bench/users-list: `npm run bench -- seed-users [--users=100000] [--companies=500]`.
// Needs DATABASE_URL (PostgreSQL) pointing at a database the server has already migrated. Idempotent: the
// generated companies and users are recognised by their marker and only the missing ones are inserted.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

/** Generated companies carry this external order number, generated users this mail domain suffix. */
export const BENCH_COMPANY_MARKER = 'bench-users';
export const BENCH_MAIL_SUFFIX = '.bench.example';

const FIRST_NAMES = [
  'Anna',
  'Andreas',
  'Anja',
  'Alexander',
  'Bernd',
  'Birgit',
  'Carla',
  'Christian',
  'Claudia',
  'Daniel',
  'Diana',
  'Elena',
  'Emma',
  'Erik',
  'Fabian',
  'Felix',
  'Franziska',
  'Georg',
  'Greta',
  'Hannah',
  'Heinz',
  'Ines',
  'Jan',
  'Jana',
  'Jonas',
  'Julia',
  'Katrin',
  'Klaus',
  'Lara',
  'Lea',
  'Lukas',
  'Maria',
  'Markus',
  'Martin',
  'Mia',
  'Nadine',
  'Niklas',
  'Olga',
  'Oliver',
  'Paul',
  'Petra',
  'Philipp',
  'Ralf',
  'Sabine',
  'Sandra',
  'Sebastian',
  'Sophie',
  'Stefan',
  'Thomas',
  'Tim',
  'Ursula',
  'Valentin',
  'Vera',
  'Werner',
  'Yvonne',
  'Zoe',
  'Amélie',
  'Louis',
  'Camille',
  'Hugo',
  'Chloé',
  'Lucas',
  'Léa',
  'Pierre',
  'Marie',
  'Antoine',
  'Sofía',
  'Javier',
  'Lucía',
  'Mateo',
  'Carmen',
  'Diego',
  'Ayşe',
  'Mehmet',
  'Elif',
  'Mustafa',
  'Zeynep',
  'Emre',
  'James',
  'Olivia',
  'William',
  'Emily',
  'George',
  'Charlotte',
  'Jack',
  'Isabella',
  'Noah',
  'Grace',
  'Liam',
  'Ava',
];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Schmid',
  'Schulze',
  'Maier',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Vogel',
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Evans',
  'Roberts',
  'Walker',
  'Wright',
  'Thompson',
  'White',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
];
const COMPANY_WORDS = [
  'Dental',
  'Zahn',
  'Smile',
  'Praxis',
  'Lab',
  'Ortho',
  'Dent',
  'Clinic',
  'Aligner',
  'Kiefer',
  'Care',
  'Implant',
  'White',
  'Bright',
  'Nord',
  'Süd',
  'West',
  'Ost',
  'City',
  'Alpen',
  'Rhein',
  'Elbe',
  'Main',
  'Isar',
];
const COMPANY_FORMS = ['GmbH', 'AG', 'SARL', 'S.L.', 'Ltd', 'Praxis', 'MVZ', 'Partner'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Paris', 'Lyon', 'Madrid', 'İstanbul', 'London'];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'tu'];
const TIMEZONES = ['Europe/Berlin', 'Europe/Paris', 'Europe/Madrid', 'Europe/Istanbul', 'Europe/London', 'UTC'];
/** A valid-looking argon2id hash nobody knows the password of: generated users never sign in. */
const UNUSABLE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzZWVkYmVuY2g$6K8Yc6t2b9n3Sx0wqf2q8a6a0d8h0cS6cZ3gJ3y8u0w';

/** Small deterministic PRNG (mulberry32): the same seed gives the same data set on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/ş/g, 's')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export type SeedResult = { companies: number; users: number; insertedUsers: number; ms: number };

/** Inserts the generated companies and users that are still missing; returns the totals. */
export async function seedUsers(
  pool: pg.Pool,
  options: { users?: number; companies?: number } = {},
): Promise<SeedResult> {
  const userTotal = options.users ?? 100_000;
  const companyTotal = options.companies ?? 500;
  const started = Date.now();
  const rand = random(20_261_122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

  // Companies: names like "Zahn Rhein Dental GmbH 17"; the domain of their users is derived from it.
  const companies = Array.from({ length: companyTotal }, (_, i) => {
    const name = `${pick(COMPANY_WORDS)} ${pick(COMPANY_WORDS)} ${pick(COMPANY_FORMS)} ${i + 1}`;
    return { name, domain: `${ascii(name)}${BENCH_MAIL_SUFFIX}`, city: pick(CITIES) };
  });
  const existing = await pool.query<{ company_name: string; id: string }>(
    'select id, company_name from backend.companies where external_order_number = $1',
    [BENCH_COMPANY_MARKER],
  );
  const have = new Set(existing.rows.map((r) => r.company_name));
  const missing = companies.filter((c) => !have.has(c.name));
  if (missing.length) {
    await pool.query(
      `insert into backend.companies (company_name, city, country, external_order_number)
       select name, city, 'DE', $3 from unnest($1::text[], $2::text[]) as t(name, city)`,
      [missing.map((c) => c.name), missing.map((c) => c.city), BENCH_COMPANY_MARKER],
    );
  }
  const ids = await pool.query<{ company_name: string; id: string }>(
    'select id, company_name from backend.companies where external_order_number = $1',
    [BENCH_COMPANY_MARKER],
  );
  const idByName = new Map(ids.rows.map((r) => [r.company_name, r.id]));

  // Users: deterministic, so the mail of user n is always the same and the insert can skip what is there.
  const [{ count: before } = { count: 0 }] = (
    await pool.query<{ count: number }>('select count(*)::int as count from auth.users where mail like $1', [
      `%${BENCH_MAIL_SUFFIX}`,
    ])
  ).rows;
  const now = Date.now();
  const BATCH = 10_000;
  for (let start = 0; start < userTotal; start += BATCH) {
    const cols = {
      company: [] as string[],
      mail: [] as string[],
      first: [] as string[],
      last: [] as string[],
      lang: [] as string[],
      tz: [] as string[],
      created: [] as string[],
      login: [] as (string | null)[],
      active: [] as boolean[],
    };
    for (let n = start; n < Math.min(userTotal, start + BATCH); n++) {
      const company = companies[Math.floor(rand() * companies.length)]!;
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      cols.company.push(idByName.get(company.name)!);
      cols.mail.push(`${ascii(first)}.${ascii(last)}.${n}@${company.domain}`);
      cols.first.push(first);
      cols.last.push(last);
      cols.lang.push(pick(LANGUAGES));
      cols.tz.push(pick(TIMEZONES));
      // Spread over five years, in insertion order, as real sign-ups would be.
      cols.created.push(new Date(now - (userTotal - n) * 1_500_000).toISOString());
      cols.login.push(rand() < 0.8 ? new Date(now - Math.floor(rand() * 90 * 86_400_000)).toISOString() : null);
      cols.active.push(rand() < 0.95);
    }
    await pool.query(
      `insert into auth.users (company_id, mail, password_hash, first_name, last_name, contact_language, timezone,
         created_at, updated_at, last_login, is_active)
       select company, mail, $10, first, last, lang, tz, created, created, login, active
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
         $8::timestamptz[], $9::boolean[]) as t(company, mail, first, last, lang, tz, created, login, active)
       where not exists (select 1 from auth.users u where u.mail = t.mail and u.deleted_at is null)`,
      [
        cols.company,
        cols.mail,
        cols.first,
        cols.last,
        cols.lang,
        cols.tz,
        cols.created,
        cols.login,
        cols.active,
        UNUSABLE_HASH,
      ],
    );
  }
  // One role each, as real users have (the seeded end-user partner type when it exists).
  await pool.query(
    `insert into auth.user_roles (user_id, role_id)
     select u.id, r.id from auth.users u
     cross join (select id from auth.roles order by (name = 'end-user') desc, priority desc limit 1) r
     where u.mail like $1 and not exists (select 1 from auth.user_roles ur where ur.user_id = u.id)`,
    [`%${BENCH_MAIL_SUFFIX}`],
  );
  // Fresh statistics and visibility map, as autovacuum would leave them on a live system (one statement each:
  // VACUUM cannot run inside the implicit transaction of a multi-statement query).
  for (const table of ['auth.users', 'auth.user_roles', 'backend.companies'])
    await pool.query(`vacuum analyze ${table}`);
  const [{ count: after } = { count: 0 }] = (
    await pool.query<{ count: number }>('select count(*)::int as count from auth.users where mail like $1', [
      `%${BENCH_MAIL_SUFFIX}`,
    ])
  ).rows;
  return { companies: idByName.size, users: after, insertedUsers: after - before, ms: Date.now() - started };
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { users: { type: 'string', default: '100000' }, companies: { type: 'string', default: '500' } },
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('seed-users needs DATABASE_URL=postgres://… (a PostgreSQL database the server has migrated).');
    return 1;
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const result = await seedUsers(pool, { users: Number(values.users), companies: Number(values.companies) });
    console.info(
      `${result.users} generated users in ${result.companies} companies (${result.insertedUsers} inserted now) in ${(result.ms / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await pool.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
