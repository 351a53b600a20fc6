import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import { queryRows } from '../db/rows';
import { seedDatabase } from '../db/seed';
import { inTransaction } from '../db/tx';
import { insertNotification } from '../modules/notifications/notifications.service';
import {
  matchListing,
  processNextQueued,
  queueListingForAlerts,
} from '../modules/saved-searches/saved-search-alerts';
import { createNotifier } from '../plugins/notifier';

/**
 * The saved-search figure of `npm run bench` (issue 21, decision 088), run by
 * scripts/bench/saved-searches.mjs against a throw-away PostgreSQL database (DATABASE_URL):
 * 10,000 saved searches of 2,000 members, then LISTINGS new listings, each matched the way the
 * product does it. Prints one JSON line of figures.
 *
 * - match: the one matching statement (every active saved search against the listing, the hits
 *   recorded), in its own transaction;
 * - job: the whole off-request job of one listing: claim it from the queue, match, and write or
 *   update one grouped notification per matching search (pushes go to a no-op broker).
 */
const SEARCHES = 10_000;
const MEMBERS = 2_000;
const LISTINGS = Number(process.env.BENCH_SAVED_LISTINGS ?? 200);

const NOUNS = [
  'calculadora',
  'bicicleta',
  'libro',
  'portátil',
  'celular',
  'audífonos',
  'silla',
  'escritorio',
  'microondas',
  'nevera',
  'buzo',
  'tenis',
  'balón',
  'guitarra',
  'teclado',
  'bata',
  'microscopio',
  'lámpara',
  'monitor',
  'tablet',
  'morral',
  'patineta',
  'cafetera',
  'apuntes',
  'raqueta',
  'impresora',
];
const OTHER_WORDS = Array.from({ length: 300 }, (_, i) => `palabra${i}`);
const TITLES = NOUNS.map((noun) => `${noun[0]!.toUpperCase()}${noun.slice(1)} como nueva`);

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};
const summary = (values: number[]) => ({
  p50: percentile(values, 0.5),
  p95: percentile(values, 0.95),
  max: Math.max(...values),
});

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const handle = await createDatabase({ databaseUrl: url });
try {
  await handle.migrate();
  await seedDatabase(handle.db, { adminEmails: [] });
  const { db } = handle;
  const categories = await queryRows<{ id: number }>(
    db,
    sql`select id from categories order by id`,
  );
  const categoryIds = categories.map((row) => row.id);
  // A deterministic spread: ~40 % of searches name a product word, the rest other words; half
  // are in one category, a third have a price ceiling, a few are paused.
  await db.execute(sql`
    insert into users (name, email, password_hash, email_verified_at)
    select 'Miembro ' || g, 'miembro' || g || '@bench.test', 'x', now()
    from generate_series(1, ${MEMBERS + 1}) g`);
  const [firstUser] = await queryRows<{ id: number }>(
    db,
    sql`select min(id) as id from users where email like '%@bench.test'`,
  );
  const base = firstUser!.id;
  const nouns = `{${NOUNS.map((noun) => `"${noun}"`).join(',')}}`;
  const others = `{${OTHER_WORDS.join(',')}}`;
  const cats = `{${categoryIds.join(',')}}`;
  await db.execute(sql`
    insert into saved_searches (user_id, name, search, category_id, max_price, is_paused, criteria_key)
    select ${base + 1} + (g % ${MEMBERS}),
      w, w,
      case when g % 2 = 0 then (${cats}::int[])[1 + (g / 2) % ${categoryIds.length}] end,
      case when g % 3 = 0 then 50000 + (g % 10) * 100000 end,
      g % 50 = 0,
      'bench-' || g
    from (
      select g, case when g % 5 < 2 then (${nouns}::text[])[1 + (g / 5) % ${NOUNS.length}]
        else (${others}::text[])[1 + g % ${OTHER_WORDS.length}] end as w
      from generate_series(1, ${SEARCHES}) g
    ) s`);
  await db.execute(sql`analyze`);

  const notifier = createNotifier({ publishToUser: () => Promise.resolve() }, insertNotification);
  const deps = { db, notifier, now: () => new Date(), log: { error: () => undefined } };
  const bus = { publish: () => Promise.resolve() };
  const matchTimes: number[] = [];
  const jobTimes: number[] = [];
  let matched = 0;
  for (let i = 0; i < LISTINGS * 2; i += 1) {
    const title = TITLES[i % TITLES.length]!;
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (seller_id, category_id, title, description, price, condition, location)
        values (${base}, ${categoryIds[i % categoryIds.length]!}, ${title}, 'Descripción de prueba del producto.',
          ${20000 + (i % 40) * 25000}, 'Usado', 'Biblioteca Central')
        returning id`,
    );
    // Even listings: the matching statement alone; odd ones: the whole job through the queue.
    if (i % 2 === 0) {
      const started = performance.now();
      const hits = await inTransaction(db, (tx, afterCommit) =>
        matchListing({ tx, afterCommit }, product!.id, new Date()),
      );
      matchTimes.push(performance.now() - started);
      matched += hits.length;
    } else {
      await inTransaction(db, (tx, afterCommit) =>
        queueListingForAlerts({ tx, afterCommit }, { bus }, product!.id),
      );
      const started = performance.now();
      await processNextQueued(deps);
      jobTimes.push(performance.now() - started);
    }
  }
  console.log(
    JSON.stringify({
      searches: SEARCHES,
      members: MEMBERS,
      listings: LISTINGS,
      matchesPerListing: matched / matchTimes.length,
      match: summary(matchTimes),
      job: summary(jobTimes),
    }),
  );
} finally {
  await handle.close();
}
