import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
let t = Date.now();
const db = await PGlite.create({ extensions: { unaccent, pg_trgm } });
console.log('create mem', Date.now() - t);
t = Date.now();
await db.exec(`create extension if not exists unaccent; create extension if not exists pg_trgm;
create text search configuration es_unaccent (copy = spanish);
alter text search configuration es_unaccent alter mapping for hword, hword_part, word with unaccent, spanish_stem;
create table p (id serial primary key, title text not null, search tsvector generated always as (to_tsvector('es_unaccent', title)) stored);
insert into p(title) values ('Cálculo diferencial libro'), ('Bicicleta de montaña');`);
console.log(
  await db.query(
    `select title from p where search @@ websearch_to_tsquery('es_unaccent','calculos')`,
  ),
);
console.log('exec', Date.now() - t);
t = Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { unaccent, pg_trgm } });
console.log('load', Date.now() - t);
t = Date.now();
console.log((await db2.query('select count(*) from p')).rows);
t = Date.now();
const d3 = await PGlite.create('/tmp/exp/pgdata', { extensions: { unaccent, pg_trgm } });
console.log('create disk', Date.now() - t);
await d3.close();
t = Date.now();
const d4 = await PGlite.create('/tmp/exp/pgdata', { extensions: { unaccent, pg_trgm } });
console.log('reopen disk', Date.now() - t);
await d4.close();
