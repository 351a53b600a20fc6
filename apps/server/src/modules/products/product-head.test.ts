import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct, uploadPhotos } from '../../test/products';

/** A build of the shape Vite writes (decision 045), in small: the manifest and a server render. */
const MANIFEST = {
  'src/app/main.tsx': { file: 'assets/index-abc123.js', isEntry: true },
  'src/app/routes/product-detail.tsx': { file: 'assets/product-detail-d1.js' },
};
// No <title> of its own: the document then writes the product's, or the product name.
const GENERIC_RENDER = `
export const renderPage = async () => ({
  head: '',
  styles: '',
  html: '<main><h1>Página</h1></main>',
  state: '',
});
`;
const writeBuild = async (dist: string) => {
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await mkdir(path.join(dist, '.ssr'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dist, '.ssr', 'entry-server.js'), GENERIC_RENDER);
};

/** The `content` of every meta tag with this name or property. */
const metaContents = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'))].map(
    (match) => match[1],
  );

describe('product pages carry OpenGraph and description tags', () => {
  let ctx: TestContext;
  let dist: string;
  let seller: Account;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'um-web-'));
    await writeBuild(dist);
    ctx = await createTestApp({
      config: { webDistDir: dist, publicUrl: 'https://mercado.uni.edu' },
    });
    seller = await createAccount(ctx, { verified: true });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('previews a shared product link with its title, price, description and cover photo', async () => {
    const [url] = await uploadPhotos(ctx, seller.token, 1);
    const product = await createProduct(ctx, seller, {
      title: 'Bicicleta de ruta',
      description: 'Talla M, cambios Shimano.\nPoco uso.',
      price: 850000,
      imageUrl: url,
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Bicicleta de ruta · UniMercado</title>');
    expect(metaContents(html, 'og:title')).toEqual(['Bicicleta de ruta · $\u00a0850.000']);
    expect(metaContents(html, 'og:type')).toEqual(['product']);
    expect(metaContents(html, 'og:url')).toEqual([
      `https://mercado.uni.edu/products/${product.id}`,
    ]);
    // The generic description is replaced by the product's.
    expect(metaContents(html, 'description')).toEqual([
      'Usado · Biblioteca Central · Libros y apuntes. Talla M, cambios Shimano. Poco uso.',
    ]);
    const [image] = metaContents(html, 'og:image');
    expect(image).toMatch(
      new RegExp(
        `^https://mercado\\.uni\\.edu/api/products/${product.id}/share-image\\.jpg\\?v=[0-9a-f]{8}$`,
      ),
    );
    expect(metaContents(html, 'og:image:type')).toEqual(['image/jpeg']);
    expect(metaContents(html, 'og:image:width')).toEqual(['320']);
    expect(metaContents(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContents(html, 'product:price:amount')).toEqual(['850000']);
    // And the preview image it names is served.
    const jpeg = await ctx.app.inject({
      method: 'GET',
      url: new URL(image!).pathname + new URL(image!).search,
    });
    expect(jpeg.statusCode).toBe(200);
  });

  it('escapes what sellers write: a title cannot inject markup', async () => {
    const product = await createProduct(ctx, seller, {
      title: '"><script>alert(1)</script>',
      description: 'Texto con <b>etiquetas</b> & "comillas"',
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/products/${product.id}` });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>etiquetas</b>');
    expect(metaContents(res.body, 'og:title')[0]).toContain('&quot;&gt;&lt;script&gt;');
    expect(metaContents(res.body, 'og:image')).toEqual([]);
    expect(metaContents(res.body, 'twitter:card')).toEqual(['summary']);
  });

  it("writes a title with replacement patterns ($&, $', $`) as it is", async () => {
    const product = await createProduct(ctx, seller, {
      title: "Bono $& $' $` $1 regalo",
      price: 85000,
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/products/${product.id}` });
    expect(res.body).toContain('<title>Bono $&amp; $&#39; $` $1 regalo · UniMercado</title>');
    expect(metaContents(res.body, 'og:title')).toEqual([
      'Bono $&amp; $&#39; $` $1 regalo · $\u00a085.000',
    ]);
    // The rest of the page is where it was, once.
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('leaves other pages with the generic head', async () => {
    for (const url of ['/products', '/', '/search?search=bicicleta']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>UniMercado</title>');
      expect(metaContents(res.body, 'og:title'), url).toEqual([]);
    }
  });

  it('answers the page of no product (unknown, deleted, an id that cannot be one) with 404', async () => {
    const deleted = await createProduct(ctx, seller, { title: 'Lámpara vendida y borrada' });
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${deleted.id}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(removal.statusCode).toBe(204);
    for (const url of [
      `/products/${deleted.id}`,
      '/products/999999',
      '/products/0',
      '/products/abc',
      '/products/99999999999',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        // The app's page, which says 'Producto no encontrado', with the generic head.
        if (method === 'GET') {
          expect(res.body, url).toContain('<div id="root">');
          expect(res.body, url).toContain('<title>UniMercado</title>');
          expect(res.body, url).not.toContain('Lámpara');
        }
      }
    }
  });
});
