import { MAX_ID } from '@unimercado/shared/constants';
import { formatPrice } from '@unimercado/shared/format';
import type { Product } from '@unimercado/shared/schemas/products';
import escapeHtml from 'escape-html';
import type { AppDeps } from '../../lib/deps';
import { shareImageSize } from './images';
import { findProductRow, toProductDto } from './products.queries';

/** A product's page, whatever its id (the web app's `/products/:id`). */
const PRODUCT_PAGE = /^\/products\/[^/]+\/?$/;
const PRODUCT_PATH = /^\/products\/(\d{1,10})\/?$/;

const summary = (text: string, max = 180) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** The tags of one product page; values are escaped, the product's own text is never markup. */
export const productHeadTags = (product: Product, appName: string, publicUrl: string) => {
  const pageUrl = `${publicUrl}/products/${product.id}`;
  const title = `${product.title} · ${formatPrice(product.price)}${product.isSold ? ' (vendido)' : ''}`;
  const description = summary(
    `${product.status} · ${product.location} · ${product.categoryName}. ${product.description}`,
  );
  const image = product.images[0];
  const tags: [attribute: 'name' | 'property', key: string, value: string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'product'],
    ['property', 'og:site_name', appName],
    ['property', 'og:locale', 'es_CO'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'product:price:amount', String(product.price)],
    ['property', 'product:price:currency', 'COP'],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (image) {
    // The JPEG of the cover (products.routes.ts); `v` changes with the cover, so caches follow.
    const version = /([0-9a-f]{8})[0-9a-f]*\.webp$/.exec(image.url)?.[1] ?? '0';
    const imageUrl = `${publicUrl}/api/products/${product.id}/share-image.jpg?v=${version}`;
    const size = shareImageSize(image.width, image.height);
    tags.push(
      ['property', 'og:image', imageUrl],
      ['property', 'og:image:type', 'image/jpeg'],
      ['property', 'og:image:width', String(size.width)],
      ['property', 'og:image:height', String(size.height)],
      ['property', 'og:image:alt', product.title],
      ['name', 'twitter:image', imageUrl],
    );
  }
  return {
    title: `${product.title} · ${appName}`,
    tags: tags
      .map(
        ([attribute, key, value]) =>
          `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`,
      )
      .join('\n    '),
  };
};

export type PageHead = { title: string; tags: string };

/**
 * For the web plugin: the head of `/products/{id}` pages, so a link shared in WhatsApp or
 * Telegram previews with the title, the price and the first photo. `{ notFound: true }` for a
 * product page of no product (an unknown or deleted one, an id that cannot be one), answered
 * with status 404 while the page itself says so; undefined for any other path, or when the
 * product cannot be read (the page still works without its preview tags).
 */
export const createProductHeadRenderer =
  (deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>) =>
  async (pathname: string): Promise<PageHead | { notFound: true } | undefined> => {
    if (!PRODUCT_PAGE.test(pathname)) return undefined;
    const match = PRODUCT_PATH.exec(pathname);
    const id = match ? Number(match[1]) : 0;
    if (!id || id > MAX_ID) return { notFound: true };
    try {
      const row = await findProductRow(deps.db, id);
      if (!row) return { notFound: true };
      return productHeadTags(
        toProductDto(deps.storage, row),
        deps.config.appName,
        deps.config.publicUrl,
      );
    } catch (error) {
      // The page still works without its preview tags.
      deps.log.error({ err: error }, 'product head failed');
      return undefined;
    }
  };
