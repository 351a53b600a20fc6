// The bulk data of the listings benchmark (scripts/bench/listings.mjs): the same SQL fills
// PostgreSQL and PGlite, and the searches it is measured with.

const NOUNS = [
  'Libro de cálculo',
  'Calculadora científica',
  'Bicicleta de montaña',
  'Portátil',
  'Celular',
  'Audífonos inalámbricos',
  'Silla ergonómica',
  'Escritorio plegable',
  'Microondas',
  'Nevera pequeña',
  'Buzo con capota',
  'Tenis para correr',
  'Balón de fútbol',
  'Guitarra acústica',
  'Teclado musical',
  'Bata de laboratorio',
  'Microscopio',
  'Lámpara de escritorio',
  'Monitor',
  'Tablet',
  'Morral',
  'Patineta eléctrica',
  'Cafetera',
  'Apuntes de física',
  'Raqueta de tenis',
  'Impresora',
];
const QUALIFIERS = [
  'como nueva',
  'poco uso',
  'económica',
  'original',
  'con garantía',
  'usada',
  'en caja',
];
const BRANDS = [
  'Casio',
  'Lenovo',
  'Samsung',
  'Sony',
  'Yamaha',
  'HP',
  'Xiaomi',
  'Nike',
  'Adidas',
  'LG',
];
const DETAILS = [
  'Funciona perfecto, la vendo porque me gradué.',
  'Incluye cargador y estuche. Sin rayones.',
  'Ideal para la residencia universitaria.',
  'Entrego en el campus, precio negociable.',
  'Tiene algunos detalles de uso, nada grave.',
  'Perfecta para estudiar en la biblioteca.',
];
const PLACES = [
  'Biblioteca Central',
  'Bloque 19 - Ingeniería',
  'Cafetería principal',
  'Residencias universitarias',
  'Portería norte',
  'Edificio de Artes',
  'Coliseo',
  'Laboratorio de Química',
  'Plazoleta central',
  'Parqueadero de bicicletas',
];
/** Words only a few dozen listings carry (the rare queries). */
const RARE = [
  'telescopio',
  'acordeón',
  'astrolabio',
  'metrónomo',
  'caleidoscopio',
  'sextante',
  'clarinete',
  'tamborilero',
];

export const PRODUCT_COUNT = 100_000;
const SELLER_COUNT = 500;

const sqlArray = (items) =>
  `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;

/**
 * Sellers, products (10 % sold) and one photo row each, in a few statements, loaded the way
 * PostgreSQL's manual advises for bulk loads ("Populating a Database"): the secondary indexes of
 * products and product_images (search vector, trigrams, filters; not those behind constraints)
 * are dropped first and built again, each in one pass, once the rows are in, instead of being
 * updated row by row. Their definitions are read from pg_indexes, so the migrations stay the only
 * place that declares them.
 */
export const seedSql = () => `
set maintenance_work_mem = '128MB';
create temporary table bench_saved_indexes as
  select i.indexname, i.indexdef from pg_indexes i
  where i.schemaname = 'public' and i.tablename in ('products', 'product_images')
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname);
do $$
declare saved record;
begin
  for saved in select indexname from bench_saved_indexes loop
    execute format('drop index %I', saved.indexname);
  end loop;
end $$;

insert into users (name, email, password_hash, email_verified_at)
select 'Vendedor ' || g, 'bench' || g || '@bench.test', '!bench', now()
from generate_series(1, ${SELLER_COUNT}) g;

insert into products (seller_id, category_id, title, description, price, condition, location,
  is_sold, sold_at, created_at, updated_at)
select
  (select min(id) from users where email like 'bench%@bench.test') + (g % ${SELLER_COUNT}),
  1 + (g % 14),
  left((${sqlArray(NOUNS)})[1 + (g * 7) % ${NOUNS.length}] || ' ' ||
    (${sqlArray(BRANDS)})[1 + (g * 13) % ${BRANDS.length}] || ' ' ||
    (${sqlArray(QUALIFIERS)})[1 + (g * 3) % ${QUALIFIERS.length}], 40),
  (${sqlArray(DETAILS)})[1 + (g * 11) % ${DETAILS.length}] ||
    case when g % 2500 = 0 then ' Regalo un ' || (${sqlArray(RARE)})[1 + (g / 2500) % ${RARE.length}] || '.' else '' end,
  5000 + ((g * 7919) % 400) * 5000,
  (array['Nuevo', 'Seminuevo', 'Usado'])[1 + g % 3],
  (${sqlArray(PLACES)})[1 + (g * 31) % ${PLACES.length}],
  g % 10 = 0,
  case when g % 10 = 0 then now() - (g || ' minutes')::interval else null end,
  now() - (g || ' minutes')::interval,
  now() - (g || ' minutes')::interval
from generate_series(1, ${PRODUCT_COUNT}) g;

-- The titles' words, as the products service keeps them when a title is written (decision 097).
insert into search_words (word)
select distinct w from products p
cross join lateral regexp_split_to_table(lower(um_fold(p.title)), '[^[:alnum:]]+') w
where length(w) between 3 and 40
on conflict do nothing;

insert into product_images (product_id, position, key, width, height, thumbnail_key,
  thumbnail_width, thumbnail_height, size_bytes)
select id, 0, 'products/bench/' || id || '.webp', 1600, 1200, 'products/bench/' || id || '-t.webp',
  480, 360, 180000
from products;

do $$
declare saved record;
begin
  for saved in select indexdef from bench_saved_indexes loop
    execute saved.indexdef;
  end loop;
end $$;
drop table bench_saved_indexes;
reset maintenance_work_mem;
analyze products;
analyze product_images;
`;

/** The 60 searches: common and rare words, each with two filters (category or condition, price). */
export const searchQueries = () => {
  const words = [
    'libro',
    'calculadora',
    'bicicleta',
    'portatil',
    'celular',
    'audifonos',
    'silla',
    'escritorio',
    'microondas',
    'nevera',
    'buzo',
    'tenis',
    'balon',
    'guitarra',
    'teclado',
    'bata',
    'microscopio',
    'lampara',
    'monitor',
    'tablet',
    'morral',
    'patineta',
    'cafetera',
    'apuntes',
    'raqueta',
    'impresora',
    'casio',
    'lenovo',
    'samsung',
    'sony',
    'yamaha',
    'xiaomi',
    'nike',
    'original',
    'garantia',
    'nueva',
    'residencia',
    'biblioteca',
    'cargador',
    'estuche',
    'calcu',
    'bici',
    'guita',
    'micro',
    ...RARE,
    'libros de calculo',
    'silla ergonomica',
    'portatil lenovo',
    'tenis nike',
    'guitarra yamaha',
    'zzzzz',
    'camara',
    'zapatos',
  ];
  return words.slice(0, 60).map((word, index) => {
    const params = new URLSearchParams({ search: word, page: '0', size: '12', isSold: 'false' });
    if (index % 2 === 0) params.set('categoryId', String(1 + (index % 14)));
    else params.set('status', ['NUEVO', 'SEMINUEVO', 'USADO'][index % 3]);
    params.set('maxPrice', String(200_000 + (index % 5) * 300_000));
    return params.toString();
  });
};
