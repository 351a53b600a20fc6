import { describe, expect, it } from 'vitest';
import { pageSummary } from '../components/pagination-bar';
import { acceptImageFiles, hasImageContent, moveItem } from './image-files';
import { productActionRules } from './product-rules';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  parsePriceInput,
  toProductQuery,
} from './search-filters';
import { truncate } from './truncate';

const file = (name: string, size: number, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type });

describe('hasImageContent', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the name says', async () => {
    const bytes = (...values: number[]) => new Blob([new Uint8Array([...values, 0, 0, 0, 0])]);
    expect(await hasImageContent(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(await hasImageContent(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(
      await hasImageContent(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50)),
    ).toBe(true);
    expect(await hasImageContent(new Blob(['Lista de compras: pan']))).toBe(false);
    expect(await hasImageContent(new Blob([]))).toBe(false);
  });
});

describe('truncate', () => {
  it('cuts at the limit with an ellipsis and leaves short texts alone', () => {
    expect(truncate('Calculadora científica Casio fx-991', 23)).toBe('Calculadora científica...');
    expect(truncate('Libro de cálculo', 23)).toBe('Libro de cálculo');
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(truncate('  varias\n líneas  ', 30)).toBe('varias líneas');
  });
});

describe('pageSummary', () => {
  it("reads 'Página X de Y • Mostrando N de M productos'", () => {
    expect(pageSummary(2, 3, 12, 30)).toBe('Página 2 de 3 • Mostrando 12 de 30 productos');
    expect(pageSummary(1, 0, 0, 0)).toBe('Página 1 de 1 • Mostrando 0 de 0 productos');
    // One is singular; thousands are grouped (issue 18).
    expect(pageSummary(1, 1, 1, 1)).toBe('Página 1 de 1 • Mostrando 1 de 1 producto');
    expect(pageSummary(2, 103, 12, 1234)).toBe('Página 2 de 103 • Mostrando 12 de 1.234 productos');
  });
});

describe('search filters in the URL', () => {
  it('round-trips every filter and drops what is not set', () => {
    const filters = {
      search: 'cámara',
      categoryId: 2,
      minPrice: 1000,
      maxPrice: 50000,
      status: 'USADO' as const,
      location: 'Biblioteca',
      course: 'MAT101',
      sort: 'price_asc' as const,
      page: 3,
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe(
      'search=c%C3%A1mara&categoryId=2&minPrice=1000&maxPrice=50000&status=USADO&location=Biblioteca&course=MAT101&sort=price_asc&page=3',
    );
    expect(filtersFromParams(params)).toEqual(filters);
    expect(paramsFromFilters(EMPTY_FILTERS).toString()).toBe('');
  });

  it('ignores values a person or an old link got wrong', () => {
    expect(
      filtersFromParams(
        new URLSearchParams('categoryId=abc&minPrice=x&status=roto&sort=rating&page=-2&search=%20'),
      ),
    ).toEqual(EMPTY_FILTERS);
    expect(filtersFromParams(new URLSearchParams('status=nuevo')).status).toBe('NUEVO');
    expect(filtersFromParams(new URLSearchParams('course=%20mat101')).course).toBe('MAT101');
  });

  it('converts typed prices to numbers and drops empty ones (spec section 5)', () => {
    expect(parsePriceInput('850.000')).toBe(850000);
    expect(parsePriceInput('$ 12 000')).toBe(12000);
    expect(parsePriceInput('')).toBeNull();
    expect(parsePriceInput('mucho')).toBeNull();
    // Said by the API, not dropped (issue 18).
    expect(parsePriceInput('-5')).toBe(-5);
  });

  it('asks the API for available products, 12 per page, with the filters set', () => {
    expect(toProductQuery({ ...EMPTY_FILTERS, search: 'libro', page: 2 }, 12)).toEqual({
      page: 1,
      size: 12,
      isSold: false,
      search: 'libro',
    });
    // A minimum above the maximum goes as typed: the API says what is wrong (issue 18).
    expect(toProductQuery({ ...EMPTY_FILTERS, minPrice: 9000, maxPrice: 100 }, 12)).toMatchObject({
      minPrice: 9000,
      maxPrice: 100,
    });
  });

  it('counts the active filters for the badge (not the text or the sort)', () => {
    expect(countActiveFilters({ ...EMPTY_FILTERS, search: 'x', sort: 'newest' })).toBe(0);
    expect(
      countActiveFilters({ ...EMPTY_FILTERS, categoryId: 1, maxPrice: 5, location: 'x' }),
    ).toBe(3);
    expect(countActiveFilters({ ...EMPTY_FILTERS, course: 'MAT101' })).toBe(1);
    expect(toProductQuery({ ...EMPTY_FILTERS, course: 'MAT101' }, 12)).toMatchObject({
      course: 'MAT101',
    });
  });
});

describe('picking photos', () => {
  it('takes at most 3 in total with the spec message', () => {
    const result = acceptImageFiles([file('a.jpg', 10), file('b.jpg', 10), file('c.jpg', 10)], 1);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.problems).toEqual([
      { message: 'Máximo 3 imágenes permitidas.', isTooLarge: false },
    ]);
  });

  it('refuses a file over 1 MB with the spec message, naming it', () => {
    const result = acceptImageFiles(
      [file('grande.jpg', 1024 * 1024 + 1), file('ok.png', 1024 * 1024, 'image/png')],
      0,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(result.problems).toEqual([
      {
        message: 'El archivo "grande.jpg" es demasiado grande. Máximo 1MB permitido por imagen.',
        isTooLarge: true,
      },
    ]);
  });

  it('refuses other file types', () => {
    const result = acceptImageFiles([file('dibujo.svg', 10, 'image/svg+xml')], 0);
    expect(result.accepted).toEqual([]);
    expect(result.problems[0]?.message).toContain('"dibujo.svg" no es una imagen válida');
  });

  it('reorders photos (the first one is the cover)', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});

describe('product action rules (spec section 6)', () => {
  it('the seller only manages; others favourite, offer and chat while it is unsold', () => {
    expect(productActionRules({ sellerId: 1, isSold: false }, 1)).toEqual({
      isOwner: true,
      canFavorite: false,
      canOffer: false,
      canContact: false,
      canEdit: true,
    });
    expect(productActionRules({ sellerId: 1, isSold: false }, 2)).toMatchObject({
      canFavorite: true,
      canOffer: true,
      canContact: true,
    });
    expect(productActionRules({ sellerId: 1, isSold: true }, null)).toMatchObject({
      isOwner: false,
      canFavorite: true,
      canOffer: false,
      canContact: false,
    });
  });
});
