import type { CourseCatalog, Product } from '@unimercado/shared/schemas/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, type Account, type TestContext } from '../../test/helpers';
import { createProduct } from '../../test/products';
import { callAs, expectErrorBody } from '../../test/trade';

const idsOf = (res: { json: <T>() => T }) => res.json<Product[]>().map((product) => product.id);

describe('course codes on listings (decision 095), default format', () => {
  let ctx: TestContext;
  let seller: Account;

  beforeAll(async () => {
    ctx = await createTestApp();
    seller = await createAccount(ctx, { verified: true, name: 'Laura Cursos' });
  });
  afterAll(() => ctx.close());

  it('stores the codes upper-cased and without repeats, and shows them on the listing', async () => {
    const product = await createProduct(ctx, seller, {
      title: 'Cálculo de Stewart',
      courseCodes: ['mat101', ' MAT101 ', 'fis1201'],
    });
    expect(product.courseCodes).toEqual(['MAT101', 'FIS1201']);
    const plain = await createProduct(ctx, seller, { title: 'Silla de escritorio' });
    expect(plain.courseCodes).toEqual([]);
  });

  it('refuses a code of the wrong format or too many codes, in Spanish, changing nothing', async () => {
    const product = await createProduct(ctx, seller, { title: 'Apuntes de química' });
    expectErrorBody(
      await callAs(ctx, seller, 'PUT', `/api/products/${product.id}`, {
        courseCodes: ['QUI101', 'hola mundo'],
      }),
      400,
      {
        code: 'VALIDATION_ERROR',
        error: '«HOLA MUNDO» no es un código de curso válido (por ejemplo MAT101).',
      },
    );
    expectErrorBody(
      await callAs(ctx, seller, 'PUT', `/api/products/${product.id}`, {
        courseCodes: ['AB101', 'AB102', 'AB103', 'AB104', 'AB105', 'AB106'],
      }),
      400,
      { error: 'Puedes indicar como máximo 5 códigos de curso.' },
    );
    const detail = await callAs(ctx, seller, 'GET', `/api/products/${product.id}`);
    expect(detail.json<Product>().courseCodes).toEqual([]);

    const edited = await callAs(ctx, seller, 'PUT', `/api/products/${product.id}`, {
      courseCodes: 'qui101, qui102',
    });
    expect(edited.json<Product>().courseCodes).toEqual(['QUI101', 'QUI102']);
  });

  it('finds everything for a course, in any case, with the other filters and search', async () => {
    const a = await createProduct(ctx, seller, {
      title: 'Guía de laboratorio',
      courseCodes: ['BIO230'],
    });
    const b = await createProduct(ctx, seller, {
      title: 'Bata blanca talla M',
      courseCodes: ['BIO230', 'QUI101'],
    });
    const other = await createProduct(ctx, seller, { title: 'Guía de cocina' });
    const byCourse = await callAs(ctx, null, 'GET', '/api/products?course=bio230');
    expect(byCourse.statusCode).toBe(200);
    expect(idsOf(byCourse).sort()).toEqual([a.id, b.id].sort());
    expect(byCourse.headers['x-total-count']).toBe('2');
    const searched = await callAs(ctx, null, 'GET', '/api/products?course=BIO230&search=gu%C3%ADa');
    expect(idsOf(searched)).toEqual([a.id]);
    expect(idsOf(await callAs(ctx, null, 'GET', '/api/products?course=ZZZ999'))).toEqual([]);
    expect(idsOf(await callAs(ctx, null, 'GET', '/api/products?size=100'))).toContain(other.id);
    expectErrorBody(await callAs(ctx, null, 'GET', `/api/products?course=${'X'.repeat(21)}`), 400, {
      code: 'VALIDATION_ERROR',
    });
  });

  it('suggests the codes in use, most used first, with the format', async () => {
    const res = await callAs(ctx, null, 'GET', '/api/products/courses');
    expect(res.statusCode).toBe(200);
    const catalog = res.json<CourseCatalog>();
    expect(catalog.isClosedList).toBe(false);
    expect(catalog.codes.slice(0, 2)).toEqual(['BIO230', 'QUI101']);
    expect(new RegExp(catalog.pattern, 'u').test('MAT101')).toBe(true);
  });
});

describe('course codes with a university list (COURSE_CODES)', () => {
  let ctx: TestContext;
  let seller: Account;

  beforeAll(async () => {
    ctx = await createTestApp({
      config: { courses: { pattern: '^[A-Z]{4}-[0-9]{4}$', known: ['ISIS-1105', 'MATE-1203'] } },
    });
    seller = await createAccount(ctx, { verified: true });
  });
  afterAll(() => ctx.close());

  it('accepts only listed codes of its format', async () => {
    const product = await createProduct(ctx, seller, { courseCodes: ['isis-1105'] });
    expect(product.courseCodes).toEqual(['ISIS-1105']);
    expectErrorBody(
      await callAs(ctx, seller, 'POST', '/api/products', {
        title: 'Libro',
        description: 'Libro usado',
        price: 1000,
        status: 'Usado',
        location: 'Biblioteca',
        categoryId: product.categoryId,
        courseCodes: ['FISI-1000'],
      }),
      400,
      { error: '«FISI-1000» no está en la lista de cursos de la universidad.' },
    );
    const catalog = (await callAs(ctx, null, 'GET', '/api/products/courses')).json<CourseCatalog>();
    expect(catalog).toEqual({
      pattern: '^[A-Z]{4}-[0-9]{4}$',
      isClosedList: true,
      codes: ['ISIS-1105', 'MATE-1203'],
    });
  });
});
