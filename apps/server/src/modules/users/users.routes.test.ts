import {
  USER_MESSAGES,
  type UpdateUserResponse,
  type User,
} from '@unimercado/shared/schemas/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  chatMessages,
  products,
  reviews,
  roles as rolesTable,
  sales,
  users,
} from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  latestVerificationToken,
  login,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
  type Account,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });

const roleIds = async () => {
  const rows = await ctx.database.db.select().from(rolesTable);
  const id = (name: string) => rows.find((r) => r.name === name)!.id;
  return { user: id('ROLE_USER'), admin: id('ROLE_ADMIN') };
};

const insertProduct = async (
  sellerId: number,
  values: { isSold?: boolean; title?: string } = {},
) => {
  const [category] = await ctx.database.db.select().from(categories).limit(1);
  const [product] = await ctx.database.db
    .insert(products)
    .values({
      sellerId,
      categoryId: category!.id,
      title: values.title ?? 'Calculadora científica',
      description: 'Casio fx-570, poco uso',
      price: 85000,
      condition: 'Usado',
      location: 'Biblioteca central',
      isSold: values.isSold ?? false,
    })
    .returning();
  return product!;
};

describe('GET /api/users/{id}', () => {
  let owner: Account;
  let other: Account;
  let admin: Account;
  beforeAll(async () => {
    owner = await createAccount(ctx, { name: 'Dueña Perfil' });
    other = await createAccount(ctx);
    admin = await createAccount(ctx, { admin: true });
  });

  it('anonymous visitors (also "Bearer null" or a dead token) see the profile without email or phone', async () => {
    const withPhone = await createAccount(ctx, { name: 'Con Teléfono', verified: true });
    await ctx.database.db
      .update(users)
      .set({ phone: '+57 300 111 2222' })
      .where(eq(users.id, withPhone.user.id));
    for (const headers of [{}, { authorization: 'Bearer null' }, bearer('a.b.c')]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${withPhone.user.id}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<User>()).toMatchObject({
        id: withPhone.user.id,
        name: 'Con Teléfono',
        email: null,
        phone: null,
        roles: ['ROLE_USER'],
      });
      expect(res.body).not.toContain(withPhone.email);
      expect(res.body).not.toContain('300 111');
    }
  });

  it('verified members, admins and the owner see email and phone; unverified members do not', async () => {
    const verifiedViewer = await createAccount(ctx, { verified: true });
    for (const viewer of [owner, verifiedViewer, admin]) {
      const res = await get(`/api/users/${owner.user.id}`, viewer.token);
      expect(res.statusCode).toBe(200);
      expect(res.json<User>()).toMatchObject({
        id: owner.user.id,
        name: 'Dueña Perfil',
        email: owner.email,
        phone: null,
        roles: ['ROLE_USER'],
        verified: false,
      });
      expect(res.body).not.toMatch(/password|token_version|tokenVersion/i);
    }
    const unverified = await get(`/api/users/${owner.user.id}`, other.token);
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json()).toMatchObject({ name: 'Dueña Perfil', email: null, phone: null });
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await get('/api/users/999999', other.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'Usuario no encontrado.',
      message: 'Usuario no encontrado.',
      code: 'NOT_FOUND',
    });
    const malformed = await get('/api/users/abc', other.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('400 for ids that are not plain decimal integers (0x1, 1e0, +1, 1.0, 01)', async () => {
    for (const id of ['0x1', '1e0', '+1', '1.0', '01', '%201', '-1', '0']) {
      const res = await get(`/api/users/${id}`, other.token);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await get(`/api/users/${owner.user.id}`, other.token)).statusCode).toBe(200);
  });

  it('400, not a database error, for ids beyond the integer range', async () => {
    for (const path of ['/api/users/2147483648', '/api/users/99999999999/stats']) {
      const res = await get(path, other.token);
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('PUT /api/users/{id}', () => {
  const put = (id: number, payload: Record<string, unknown>, token?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      payload,
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('401 anonymous; 403 for another user and even for an admin; nothing changes', async () => {
    const owner = await createAccount(ctx, { name: 'Original' });
    const other = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const payload = { name: 'Hackeado', email: owner.email, phone: null, password: null };
    expect((await put(owner.user.id, payload)).statusCode).toBe(401);
    for (const actor of [other, admin]) {
      const res = await put(owner.user.id, payload, actor.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Solo puedes editar tu propio perfil.',
        message: 'Solo puedes editar tu propio perfil.',
        code: 'FORBIDDEN',
      });
    }
    expect((await get(`/api/users/${owner.user.id}`, owner.token)).json<User>().name).toBe(
      'Original',
    );
  });

  it('the owner updates name and phone; blank password keeps the password and the session', async () => {
    const owner = await createAccount(ctx);
    const res = await put(
      owner.user.id,
      {
        id: owner.user.id,
        name: 'Nuevo Nombre',
        email: owner.email,
        phone: ' +57 311 000 1111 ',
        password: '',
      },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateUserResponse>();
    expect(body).toMatchObject({
      id: owner.user.id,
      name: 'Nuevo Nombre',
      phone: '+57 311 000 1111',
      email: owner.email,
    });
    expect(body.token).toEqual(expect.any(String));
    // The old token still works (no password change) and so does the old password.
    expect((await get(`/api/users/${owner.user.id}`, owner.token)).statusCode).toBe(200);
    await expect(login(ctx.app, owner.email, TEST_PASSWORD)).resolves.toMatchObject({
      name: 'Nuevo Nombre',
    });
    // Null password and blank phone work too.
    const again = await put(
      owner.user.id,
      { name: 'Otro', email: owner.email, phone: '', password: null },
      owner.token,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<User>().phone).toBeNull();
  });

  it('a body id naming another user is refused with 403 and changes nothing', async () => {
    const owner = await createAccount(ctx, { name: 'Original' });
    const other = await createAccount(ctx);
    const res = await put(
      owner.user.id,
      { id: other.user.id, name: 'Cambiado', email: owner.email },
      owner.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await get(`/api/users/${owner.user.id}`, owner.token)).json<User>().name).toBe(
      'Original',
    );
    expect((await get(`/api/users/${other.user.id}`, owner.token)).json<User>().name).toBe(
      other.user.name,
    );
  });

  it('roles and verified in the payload are ignored', async () => {
    const owner = await createAccount(ctx);
    const res = await put(
      owner.user.id,
      { name: 'Yo', email: owner.email, roles: ['ROLE_ADMIN'], verified: true, password: null },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['ROLE_USER'], verified: false });
  });

  it('a new password revokes older tokens; the returned token works', async () => {
    const owner = await createAccount(ctx);
    const res = await put(
      owner.user.id,
      { name: 'Yo', email: owner.email, password: 'nuevaClave9' },
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    const { token } = res.json<UpdateUserResponse>();
    expect(String(res.headers['set-cookie'])).toContain(`um_session=${token}`);
    const status = (bearerToken: string) =>
      get('/api/auth/verification-status', bearerToken).then((r) => r.statusCode);
    expect(await status(owner.token)).toBe(401);
    expect(await status(token)).toBe(200);
    await expect(login(ctx.app, owner.email, 'nuevaClave9')).resolves.toBeDefined();
    await expect(login(ctx.app, owner.email, TEST_PASSWORD)).rejects.toThrow(/400/);
  });

  it('changing the email to a taken one is 409; to a free one marks the account unverified and mails the new address', async () => {
    const owner = await createAccount(ctx, { verified: true });
    const other = await createAccount(ctx);
    const taken = await put(
      owner.user.id,
      { name: 'Yo', email: other.email.toUpperCase() },
      owner.token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });

    const newEmail = uniqueEmail('moved');
    const res = await put(owner.user.id, { name: 'Yo', email: newEmail }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail, verified: false });
    const token = await latestVerificationToken(ctx, newEmail);
    const verify = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(verify.statusCode).toBe(200);
    expect((await get(`/api/users/${owner.user.id}`, owner.token)).json<User>().verified).toBe(
      true,
    );
    // The old address is free again.
    await expect(registerUser(ctx.app, { email: owner.email })).resolves.toBeDefined();
  });

  it('validates with the spec messages', async () => {
    const owner = await createAccount(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', email: owner.email }, USER_MESSAGES.nameRequired],
      [{ name: 'A', email: '' }, USER_MESSAGES.emailRequired],
      [{ name: 'A', email: 'mal' }, USER_MESSAGES.emailInvalid],
      [{ name: 'A', email: owner.email, phone: '12-34' }, USER_MESSAGES.phoneInvalid],
      [{ name: 'A', email: owner.email, password: '123' }, USER_MESSAGES.passwordTooShort],
    ];
    for (const [payload, message] of cases) {
      const res = await put(owner.user.id, payload, owner.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    }
    const mismatch = await put(
      owner.user.id,
      { id: owner.user.id + 1, name: 'A', email: owner.email },
      owner.token,
    );
    expect(mismatch.statusCode).toBe(403);
  });
});

describe('GET /api/users/{id}/stats', () => {
  it('public (anonymous too); zeros for a new user; counts listings, sales and the rounded mean rating', async () => {
    const seller = await createAccount(ctx);
    const buyer = await createAccount(ctx);
    const buyer2 = await createAccount(ctx);
    expect((await get(`/api/users/${seller.user.id}/stats`)).json()).toEqual({
      productos: 0,
      vendidos: 0,
      promedio: 0,
      totalReviews: 0,
    });
    expect((await get(`/api/users/${seller.user.id}/stats`, buyer.token)).json()).toEqual({
      productos: 0,
      vendidos: 0,
      promedio: 0,
      totalReviews: 0,
    });
    await insertProduct(seller.user.id);
    const sold1 = await insertProduct(seller.user.id, { isSold: true });
    const sold2 = await insertProduct(seller.user.id, { isSold: true });
    const { db } = ctx.database;
    await db.insert(reviews).values([
      {
        rating: 5,
        comment: 'Excelente',
        productId: sold1.id,
        reviewerId: buyer.user.id,
        revieweeId: seller.user.id,
      },
      {
        rating: 4,
        comment: 'Bien',
        productId: sold2.id,
        reviewerId: buyer.user.id,
        revieweeId: seller.user.id,
      },
      {
        rating: 5,
        comment: '',
        productId: sold2.id,
        reviewerId: buyer2.user.id,
        revieweeId: seller.user.id,
      },
    ]);
    for (const viewer of [seller, buyer, undefined]) {
      const res = await get(`/api/users/${seller.user.id}/stats`, viewer?.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ productos: 3, vendidos: 2, promedio: 4.67, totalReviews: 3 });
    }
    expect((await get('/api/users/999999/stats', buyer.token)).statusCode).toBe(404);
  });
});

describe('admin: GET /api/users', () => {
  it('401 anonymous, 403 user; admin gets a page and X-Total-Count without deleted users', async () => {
    const user = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    expect((await get('/api/users')).statusCode).toBe(401);
    const forbidden = await get('/api/users', user.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });

    const first = await get('/api/users?page=0&size=2', admin.token);
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first.json<User[]>()).toHaveLength(2);
    const all = await get(`/api/users?size=100`, admin.token);
    const ids = all.json<User[]>().map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(user.user.id);

    const victim = await createAccount(ctx);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${victim.user.id}`,
      headers: bearer(admin.token),
    });
    const after = await get('/api/users?size=100', admin.token);
    expect(after.json<User[]>().map((u) => u.id)).not.toContain(victim.user.id);
    expect(Number(after.headers['x-total-count'])).toBe(total);

    const badSize = await get('/api/users?size=1000', admin.token);
    expect(badSize.statusCode).toBe(400);
    for (const query of ['page=0x1', 'size=1e1', 'size=+5', 'page=1.0']) {
      expect((await get(`/api/users?${query}`, admin.token)).statusCode, query).toBe(400);
    }
  });
});

describe('admin: GET /api/users without page or size', () => {
  it('answers up to 100 users (spec clients do not page) with X-Total-Count', async () => {
    const admin = await createAccount(ctx, { admin: true });
    // Enough accounts that the old default page (12) would have cut the list.
    for (let i = 0; i < 14; i += 1) await registerUser(ctx.app);
    const res = await get('/api/users', admin.token);
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(12);
    expect(res.json<User[]>()).toHaveLength(Math.min(total, 100));
  });
});

describe('admin: DELETE /api/users/{id}', () => {
  const del = (id: number, token?: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('401 anonymous, 403 user, 409 on oneself, 404 unknown', async () => {
    const user = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    expect((await del(user.user.id)).statusCode).toBe(401);
    expect((await del(admin.user.id, user.token)).statusCode).toBe(403);
    const self = await del(admin.user.id, admin.token);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'SELF_ACTION' });
    expect((await del(999999, admin.token)).statusCode).toBe(404);
    expect((await del(99999999999, admin.token)).statusCode).toBe(400);
    expect((await get(`/api/users/${user.user.id}`, user.token)).statusCode).toBe(200);
  });

  it('soft-deletes: tokens die at once, login fails like a wrong password, email is freed, history stays', async () => {
    const admin = await createAccount(ctx, { admin: true });
    const victim = await createAccount(ctx, { verified: true, name: 'Vendedor Borrado' });
    const buyer = await createAccount(ctx, { verified: true });
    const unsold = await insertProduct(victim.user.id, { title: 'Sin vender' });
    const sold = await insertProduct(victim.user.id, { isSold: true, title: 'Vendido' });
    const { db } = ctx.database;
    await db
      .insert(sales)
      .values({ productId: sold.id, buyerId: buyer.user.id, price: 80000, status: 'accepted' });
    await db.insert(reviews).values({
      rating: 4,
      productId: sold.id,
      reviewerId: buyer.user.id,
      revieweeId: victim.user.id,
    });
    await db
      .insert(chatMessages)
      .values({ senderId: victim.user.id, receiverId: buyer.user.id, content: 'Hola' });

    const res = await del(victim.user.id, admin.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await get('/api/auth/verification-status', victim.token)).statusCode).toBe(401);
    expect((await get(`/api/users/${victim.user.id}`, admin.token)).statusCode).toBe(404);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: TEST_PASSWORD },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    expect(await db.select().from(products).where(eq(products.id, unsold.id))).toHaveLength(0);
    expect(await db.select().from(products).where(eq(products.id, sold.id))).toHaveLength(1);
    expect(await db.select().from(sales).where(eq(sales.productId, sold.id))).toHaveLength(1);
    expect(
      await db.select().from(reviews).where(eq(reviews.revieweeId, victim.user.id)),
    ).toHaveLength(1);
    expect(
      await db.select().from(chatMessages).where(eq(chatMessages.senderId, victim.user.id)),
    ).toHaveLength(1);
    const [row] = await db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row).toMatchObject({ name: 'Usuario eliminado', phone: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.email).not.toBe(victim.email);

    const again = await registerUser(ctx.app, { email: victim.email });
    expect(again.user.id).not.toBe(victim.user.id);
    expect((await del(victim.user.id, admin.token)).statusCode).toBe(404);
  });

  it('nobody can hold the address a deletion needs, so the deletion cannot be blocked', async () => {
    const admin = await createAccount(ctx, { admin: true });
    const target = await createAccount(ctx);
    const squatter = await createAccount(ctx);
    const reserved = `deleted-${target.user.id}@deleted.invalid`;
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'X', email: reserved, password: 'secreto1', confirmPassword: 'secreto1' },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toMatchObject({
      error: USER_MESSAGES.emailInvalid,
      code: 'VALIDATION_ERROR',
    });
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${squatter.user.id}`,
      headers: bearer(squatter.token),
      payload: { name: 'X', email: reserved.toUpperCase() },
    });
    expect(moved.statusCode).toBe(400);
    expect((await del(target.user.id, admin.token)).statusCode).toBe(204);
  });
});

describe('admin: roles of a user', () => {
  const postRoles = (id: number, payload: unknown, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/${id}/roles`,
      payload: payload as Record<string, unknown>,
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('GET /api/users/{id}/roles: 401, 403, 200 for an admin, 404 unknown', async () => {
    const user = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    expect((await get(`/api/users/${user.user.id}/roles`)).statusCode).toBe(401);
    expect((await get(`/api/users/${user.user.id}/roles`, user.token)).statusCode).toBe(403);
    const res = await get(`/api/users/${user.user.id}/roles`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: (await roleIds()).user, name: 'ROLE_USER' }]);
    expect((await get('/api/users/999999/roles', admin.token)).statusCode).toBe(404);
  });

  it('POST replaces the roles, revokes the old token, and the new token carries them', async () => {
    const user = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const ids = await roleIds();
    expect((await postRoles(user.user.id, [ids.user, ids.admin])).statusCode).toBe(401);
    expect((await postRoles(user.user.id, [ids.user, ids.admin], user.token)).statusCode).toBe(403);

    const res = await postRoles(user.user.id, [ids.user, ids.admin], admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    expect((await get('/api/roles', user.token)).statusCode).toBe(401);
    const session = await login(ctx.app, user.email);
    expect(session.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
    expect((await get('/api/roles', session.token)).statusCode).toBe(200);

    // Demoting takes effect at once too.
    expect((await postRoles(user.user.id, [ids.user], admin.token)).statusCode).toBe(200);
    expect((await get('/api/roles', session.token)).statusCode).toBe(401);
    const demoted = await login(ctx.app, user.email);
    expect((await get('/api/roles', demoted.token)).statusCode).toBe(403);
  });

  it('refuses unknown role ids and bad bodies with 400, changing nothing', async () => {
    const user = await createAccount(ctx);
    const admin = await createAccount(ctx, { admin: true });
    const ids = await roleIds();
    const unknown = await postRoles(user.user.id, [ids.user, 9999], admin.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'Uno o más roles no existen.',
      code: 'VALIDATION_ERROR',
    });
    for (const body of [[], ['ROLE_ADMIN'], { roles: [1] }, [99999999999]]) {
      expect((await postRoles(user.user.id, body, admin.token)).statusCode).toBe(400);
    }
    expect((await get(`/api/users/${user.user.id}`, user.token)).json<User>().roles).toEqual([
      'ROLE_USER',
    ]);
  });

  it('an admin cannot remove ROLE_ADMIN from themselves', async () => {
    const admin = await createAccount(ctx, { admin: true });
    const ids = await roleIds();
    const res = await postRoles(admin.user.id, [ids.user], admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'No puedes quitarte a ti mismo el rol de administrador.',
      message: 'No puedes quitarte a ti mismo el rol de administrador.',
      code: 'SELF_ACTION',
    });
    expect((await get('/api/roles', admin.token)).statusCode).toBe(200);
  });
});

describe('reading many profiles in a row', () => {
  it('is limited per account (own profile free) and, for anonymous visitors, per IP', async () => {
    const limited = await createTestApp({
      rateLimits: {
        profileReadsPerAccount: { max: 3, windowMs: 60_000 },
        profileReadsPerIp: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const reader = await createAccount(limited, { verified: true });
      const others = [];
      for (let i = 0; i < 4; i += 1) others.push(await createAccount(limited));
      const read = (id: number, headers: Record<string, string> = {}, remoteAddress?: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/users/${id}`,
          headers,
          ...(remoteAddress ? { remoteAddress } : {}),
        });
      const codes = [];
      for (const other of others)
        codes.push((await read(other.user.id, bearer(reader.token))).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await read(others[0]!.user.id, bearer(reader.token));
      expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // One's own profile is never counted, and another account has its own budget.
      expect((await read(reader.user.id, bearer(reader.token))).statusCode).toBe(200);
      expect((await read(reader.user.id, bearer(others[1]!.token))).statusCode).toBe(200);

      const anonymous = [];
      for (let i = 0; i < 3; i += 1) {
        anonymous.push((await read(others[i]!.user.id, {}, '10.7.7.7')).statusCode);
      }
      expect(anonymous).toEqual([200, 200, 429]);
      expect((await read(others[0]!.user.id, {}, '10.7.7.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
