import type { Product } from '@unimercado/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  type Account,
  type TestContext,
} from '../../test/helpers';
import { createProduct } from '../../test/products';

type Listing = {
  title: string;
  description: string;
  price: number;
  category: string;
  status: string;
  location: string;
  sold?: boolean;
};

const LISTINGS: Listing[] = [
  {
    title: 'Cámara Canon EOS',
    description: 'Cámara réflex con lente 18-55 y batería extra.',
    price: 1_200_000,
    category: 'Electrónica',
    status: 'Usado',
    location: 'Edificio de Ingeniería',
  },
  {
    title: 'Bicicleta de montaña',
    description: 'Rin 29, frenos de disco, lista para rodar.',
    price: 650_000,
    category: 'Bicicletas y movilidad',
    status: 'Seminuevo',
    location: 'Parqueadero norte',
  },
  {
    title: 'Calculadora científica',
    description: 'Casio fx-570 con manual.',
    price: 60_000,
    category: 'Electrónica',
    status: 'Nuevo',
    location: 'Biblioteca Central',
  },
  {
    title: 'Libro de cálculo Stewart',
    description: 'Octava edición, sin rayones.',
    price: 90_000,
    category: 'Libros y apuntes',
    status: 'Usado',
    location: 'Biblioteca Central',
  },
  {
    title: 'Escritorio plegable',
    description: 'Ideal para habitación pequeña.',
    price: 140_000,
    category: 'Muebles',
    status: 'Nuevo',
    location: 'Residencias universitarias',
  },
  {
    title: 'Guitarra acústica',
    description: 'Incluye estuche y cuerdas nuevas.',
    price: 300_000,
    category: 'Instrumentos musicales',
    status: 'Seminuevo',
    location: 'Edificio de Artes',
  },
  {
    title: 'Bicicletas infantiles',
    description: 'Dos bicicletas para niños; regalo una guitarra de juguete.',
    price: 200_000,
    category: 'Bicicletas y movilidad',
    status: 'Usado',
    location: 'Parqueadero norte',
    sold: true,
  },
];

/** What a list without `sellerId` shows by default (the spec's 'Buscar Productos Disponibles'). */
const AVAILABLE = LISTINGS.filter((listing) => !listing.sold);

describe('product lists: filters, search, sort and pagination', () => {
  let ctx: TestContext;
  let seller: Account;
  let otherSeller: Account;
  let viewer: Account;
  let unverified: Account;
  let admin: Account;
  const categories = new Map<string, number>();
  const ids = new Map<string, number>();

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createAccount(ctx, { verified: true });
    otherSeller = await createAccount(ctx, { verified: true });
    viewer = await createAccount(ctx, { verified: true });
    unverified = await createAccount(ctx);
    admin = await createAccount(ctx, { verified: true, admin: true });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    for (const category of res.json<{ id: number; name: string }[]>()) {
      categories.set(category.name, category.id);
    }
    for (const [index, listing] of LISTINGS.entries()) {
      // The last listing belongs to someone else (for sellerId).
      const owner = index === LISTINGS.length - 2 ? otherSeller : seller;
      const product = await createProduct(ctx, owner, {
        title: listing.title,
        description: listing.description,
        price: listing.price,
        status: listing.status,
        location: listing.location,
        categoryId: categories.get(listing.category),
      });
      ids.set(listing.title, product.id);
      if (listing.sold) {
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/products/${product.id}/sold`,
          headers: bearer(owner.token),
        });
      }
    }
  });
  afterAll(() => ctx.close());

  const list = async (query: string, who: Account | null = null) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/products${query}`,
      headers: who ? bearer(who.token) : {},
    });
    return {
      status: res.statusCode,
      total: Number(res.headers['x-total-count']),
      titles: res.statusCode === 200 ? res.json<Product[]>().map((p) => p.title) : [],
      body: res.json<unknown>(),
    };
  };

  it('lists the available products newest first, with the total, to anyone', async () => {
    for (const who of [null, unverified, viewer, admin]) {
      const all = await list('', who);
      expect(all.status).toBe(200);
      expect(all.total).toBe(AVAILABLE.length);
      expect(all.titles).toEqual(AVAILABLE.map((listing) => listing.title).reverse());
    }
    // A search without sellerId too: the spec's search page is 'Buscar Productos Disponibles'.
    expect((await list('?search=bicicletas')).titles).toEqual(['Bicicleta de montaña']);
  });

  it('a seller’s list keeps its sold products; isSold asks for sold or available ones', async () => {
    const mine = LISTINGS.filter((listing) => listing.title !== 'Guitarra acústica');
    for (const who of [null, viewer, seller, admin]) {
      const bySeller = await list(`?sellerId=${seller.user.id}`, who);
      expect(bySeller.total).toBe(mine.length);
      expect(bySeller.titles).toEqual(mine.map((listing) => listing.title).reverse());
    }
    expect((await list(`?sellerId=${seller.user.id}&isSold=true`)).titles).toEqual([
      'Bicicletas infantiles',
    ]);
    expect((await list(`?sellerId=${seller.user.id}&isSold=false`)).total).toBe(mine.length - 1);
    expect((await list('?isSold=true')).titles).toEqual(['Bicicletas infantiles']);
    expect((await list('?search=bicicletas&isSold=true')).titles).toEqual([
      'Bicicletas infantiles',
    ]);
  });

  it('filters by seller, category, price range, condition and sold flag', async () => {
    expect((await list(`?sellerId=${otherSeller.user.id}`)).titles).toEqual(['Guitarra acústica']);
    expect((await list(`?categoryId=${categories.get('Electrónica')}`)).titles).toEqual([
      'Calculadora científica',
      'Cámara Canon EOS',
    ]);
    expect((await list('?minPrice=100000&maxPrice=300000')).titles).toEqual([
      'Guitarra acústica',
      'Escritorio plegable',
    ]);
    expect((await list('?status=NUEVO')).titles).toEqual([
      'Escritorio plegable',
      'Calculadora científica',
    ]);
    expect((await list('?status=seminuevo&isSold=false')).titles).toEqual([
      'Guitarra acústica',
      'Bicicleta de montaña',
    ]);
    expect((await list('?isSold=true')).titles).toEqual(['Bicicletas infantiles']);
    // Blank values are dropped, as the spec's search does.
    expect((await list('?categoryId=&minPrice=&search=')).total).toBe(AVAILABLE.length);
  });

  it('filters by place, ignoring case and accents', async () => {
    expect((await list('?location=biblioteca')).titles).toEqual([
      'Libro de cálculo Stewart',
      'Calculadora científica',
    ]);
    expect((await list('?location=INGENIERIA')).titles).toEqual(['Cámara Canon EOS']);
    // LIKE wildcards typed by a person are literal characters.
    expect((await list('?location=%25')).titles).toEqual([]);
  });

  it('searches accent-insensitively, with Spanish stemming, in titles and descriptions', async () => {
    expect((await list('?search=camara')).titles).toEqual(['Cámara Canon EOS']);
    expect((await list('?search=bicicletas&isSold=false')).titles).toEqual([
      'Bicicleta de montaña',
    ]);
    expect((await list('?search=estuche')).titles).toEqual(['Guitarra acústica']);
    expect((await list('?search=rayon')).titles).toEqual(['Libro de cálculo Stewart']);
  });

  it('finds partial words in titles ("calcu" finds "Calculadora")', async () => {
    const found = await list('?search=calcu');
    expect(found.titles).toContain('Calculadora científica');
    expect(found.titles).toContain('Libro de cálculo Stewart');
    expect((await list('?search=cientif')).titles).toEqual(['Calculadora científica']);
  });

  it('finds titles despite a typo, accent-insensitively, closest first (decision 097)', async () => {
    // A misspelt word is searched as the word it was closest to, stemming and all.
    const typo = await list('?search=calculdora');
    expect(typo.titles).toContain('Calculadora científica');
    expect(typo.titles).toEqual((await list('?search=calculadora')).titles);
    expect((await list('?search=guitara')).titles).toEqual(['Guitarra acústica']);
    // 'cientifca' has neither the accent nor the second i of 'científica'.
    expect((await list('?search=CIENTIFCA')).titles).toEqual(['Calculadora científica']);
    const graphing = await createProduct(ctx, viewer, { title: 'Calculadora gráfica' });
    try {
      const found = await list('?search=calculdora cientifca');
      expect(found.titles[0]).toBe('Calculadora científica');
      // Filters still apply to what a typo finds.
      expect((await list('?search=calculdora&maxPrice=1000')).titles).toEqual([]);
      // The available list only: a sold listing is not found by a typo either.
      expect((await list('?search=bicicletaz%20infantiles')).titles).toEqual([]);
    } finally {
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/products/${graphing.id}`,
        headers: bearer(viewer.token),
      });
    }
  });

  it('keeps to whole words when they find enough (no typo matches mixed in)', async () => {
    const made = [];
    for (const title of ['Guitarra eléctrica', 'Guitarra clásica']) {
      made.push(await createProduct(ctx, viewer, { title }));
    }
    made.push(await createProduct(ctx, viewer, { title: 'Guitara rota' }));
    try {
      // Three whole-word matches: the misspelt title stays out.
      const whole = await list('?search=guitarra');
      expect(whole.total).toBe(3);
      expect(whole.titles).not.toContain('Guitara rota');
      // The misspelling finds the title that carries it whole first, then the typo matches.
      const typo = await list('?search=guitara');
      expect(typo.titles[0]).toBe('Guitara rota');
      expect(typo.total).toBe(4);
    } finally {
      for (const product of made) {
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/products/${product.id}`,
          headers: bearer(viewer.token),
        });
      }
    }
  });

  it('finds a renamed listing by a partial word of its new title, not of the old one', async () => {
    const product = await createProduct(ctx, viewer, { title: 'Metrónomo Wittner' });
    expect((await list('?search=metrono')).titles).toEqual(['Metrónomo Wittner']);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(viewer.token),
      payload: { title: 'Afinador Korg' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list('?search=metrono')).titles).toEqual([]);
    expect((await list('?search=afinad')).titles).toEqual(['Afinador Korg']);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(viewer.token),
    });
  });

  it('ranks by relevance when searching: a title match before a description match', async () => {
    const stand = await createProduct(ctx, viewer, {
      title: 'Atril metálico',
      description: 'Sirve para partituras de guitarra.',
    });
    expect((await list('?search=guitarra')).titles).toEqual([
      'Guitarra acústica',
      'Atril metálico',
    ]);
    // The same search by newest puts the newer description match first.
    expect((await list('?search=guitarra&sort=newest')).titles).toEqual([
      'Atril metálico',
      'Guitarra acústica',
    ]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${stand.id}`,
      headers: bearer(viewer.token),
    });
  });

  it('combines search with filters', async () => {
    expect(
      (await list(`?search=calcu&categoryId=${categories.get('Electrónica')}&maxPrice=100000`))
        .titles,
    ).toEqual(['Calculadora científica']);
    expect((await list('?search=camara&maxPrice=1000')).titles).toEqual([]);
  });

  it('sorts by price both ways and by newest', async () => {
    const prices = (await list('?sort=price_asc&size=100')).body as Product[];
    expect(prices.map((p) => p.price)).toEqual(
      [...AVAILABLE.map((l) => l.price)].sort((a, b) => a - b),
    );
    const desc = (await list('?sort=price_desc&size=100')).body as Product[];
    expect(desc.map((p) => p.price)).toEqual(
      [...AVAILABLE.map((l) => l.price)].sort((a, b) => b - a),
    );
    expect((await list(`?sellerId=${seller.user.id}&sort=newest&search=bicicleta`)).titles).toEqual(
      ['Bicicletas infantiles', 'Bicicleta de montaña'],
    );
  });

  it('paginates on the server with the total in X-Total-Count', async () => {
    const seen: string[] = [];
    for (let page = 0; page < 4; page += 1) {
      const result = await list(`?page=${page}&size=4`);
      expect(result.total).toBe(AVAILABLE.length);
      expect(result.titles.length).toBe(Math.max(0, Math.min(4, AVAILABLE.length - page * 4)));
      seen.push(...result.titles);
    }
    expect(seen).toEqual(AVAILABLE.map((listing) => listing.title).reverse());
    const past = await list('?page=9&size=2');
    expect(past).toMatchObject({ status: 200, total: AVAILABLE.length, titles: [] });
  });

  it('refuses bad filters with 400 and a Spanish message', async () => {
    const range = await list('?minPrice=500&maxPrice=100');
    expect(range.status).toBe(400);
    expect(range.body).toMatchObject({
      error: 'El precio mínimo no puede ser mayor que el máximo.',
    });
    const negative = await list('?minPrice=-5');
    expect(negative.status).toBe(400);
    expect(negative.body).toMatchObject({ error: 'El precio no puede ser negativo.' });
    const condition = await list('?status=ROTO');
    expect(condition.status).toBe(400);
    expect(condition.body).toMatchObject({ error: 'El estado debe ser NUEVO, SEMINUEVO o USADO.' });
    for (const query of [
      '?size=1000',
      '?page=-1',
      '?sort=rating',
      '?sellerId=abc',
      '?isSold=maybe',
    ]) {
      expect((await list(query)).status, query).toBe(400);
    }
    expect((await list(`?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('GET /api/products/available: only unsold, newest first, paginated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/available?size=4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(LISTINGS.length - 1));
    expect(res.json<Product[]>().map((p) => p.title)).toEqual([
      'Guitarra acústica',
      'Escritorio plegable',
      'Libro de cálculo Stewart',
      'Calculadora científica',
    ]);
    expect(res.json<Product[]>().every((p) => !p.isSold)).toBe(true);
    // The spec's client calls it bare (and may send a token or `Bearer null`).
    const bare = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/available',
      headers: { authorization: 'Bearer null' },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json<Product[]>()).toHaveLength(LISTINGS.length - 1);
  });

  it('shows a change at once, although public lists are cached', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/products/available' });
    const product = await createProduct(ctx, viewer, { title: 'Microscopio escolar' });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/products/available' });
    expect(Number(after.headers['x-total-count'])).toBe(
      Number(before.headers['x-total-count']) + 1,
    );
    expect(after.json<Product[]>()[0]?.title).toBe('Microscopio escolar');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/sold`,
      headers: bearer(viewer.token),
    });
    const sold = await ctx.app.inject({ method: 'GET', url: '/api/products/available' });
    expect(sold.json<Product[]>().map((p) => p.title)).not.toContain('Microscopio escolar');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: bearer(viewer.token),
    });
    expect((await list('?search=microscopio')).titles).toEqual([]);
  });

  it('suggests places already used, most frequent first, matching what was typed', async () => {
    const suggest = async (q: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/products/locations${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        })
      ).json<string[]>();
    const all = await suggest('');
    expect(all.slice(0, 2).sort()).toEqual(['Biblioteca Central', 'Parqueadero norte']);
    expect(await suggest('edif')).toEqual(['Edificio de Artes', 'Edificio de Ingeniería']);
    expect(await suggest('ingenieria')).toEqual(['Edificio de Ingeniería']);
    expect(await suggest('zzz')).toEqual([]);
  });
});
