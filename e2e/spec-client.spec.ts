import { expect, test } from '@playwright/test';
import { createMember as createMemberWithEmail, signIn, type Member } from './support/members';
import { publishProduct, type NewProduct } from './support/products';
import { sendAsSpecClient, specCall } from './support/spec-client';

/*
 * Journeys of a client written to the spec's call table (section 7), which pages nothing itself:
 * every call below is one of the table's, exactly as written, with no paging parameter
 * (decisions 039 and 040).
 */

const stamp = Date.now().toString(36);

const createMember = (name: string, label: string) =>
  createMemberWithEmail(name, `${label}.${stamp}@uni.edu`);

type Product = { id: number; title: string; sellerId: number; sellerName: string; isSold: boolean };
type ChatUser = { id: number; name: string; lastMessage: { content: string } | null };
type ChatMessage = { id: number; senderId: number; receiverId: number; content: string };
type Notification = { userId: number; typeId: number; message: string };

const listing = (title: string): NewProduct => ({
  title,
  description: 'Publicado para el recorrido de un cliente de la especificación.',
  price: 25000,
  status: 'Usado',
  location: 'Biblioteca central',
});

test('full product list: GET /api/products/available answers every available product, not a page of 12', async () => {
  // 35 listings by two sellers (a member may publish 30 an hour).
  const first = await createMember('Fabio Primero', 'fabio');
  const second = await createMember('Sonia Segunda', 'sonia');
  const published: number[] = [];
  for (let i = 0; i < 35; i += 1) {
    published.push(await publishProduct(i < 20 ? first : second, listing(`Termo ${i} t${stamp}`)));
  }
  // Signed out, as a visitor: the token from local storage is "null".
  const available = await specCall<Product[]>('GET', '/api/products/available', null);
  expect(available.status).toBe(200);
  expect(available.body.length).toBe(Number(available.total));
  expect(available.body.length).toBeGreaterThanOrEqual(35);
  expect(available.body.map((p) => p.id)).toEqual(expect.arrayContaining(published));
  // A seller's list through GET /api/products?sellerId={id}.
  const bySeller = await specCall<Product[]>('GET', `/api/products?sellerId=${first.id}`, null);
  expect(bySeller).toMatchObject({ status: 200, total: '20' });
  expect(bySeller.body).toHaveLength(20);
});

test('search of available products: a search lists available ones; a seller’s list keeps the sold', async () => {
  const seller = await createMember('Iris Buscada', 'iris');
  const word = `q${stamp}`;
  const ids: number[] = [];
  for (let i = 0; i < 16; i += 1)
    ids.push(await publishProduct(seller, listing(`Silla ${word} ${i}`)));
  const sold = ids.slice(0, 2);
  for (const id of sold) {
    expect((await specCall('PATCH', `/api/products/${id}/sold`, seller.token)).status).toBe(200);
  }
  // 'Buscar Productos Disponibles': the free text, as the search page sends it.
  const search = await specCall<Product[]>('GET', `/api/products?search=${word}`, null);
  expect(search).toMatchObject({ status: 200, total: '14' });
  expect(search.body).toHaveLength(14);
  expect(search.body.every((p) => !p.isSold)).toBe(true);
  expect(search.body.map((p) => p.id)).not.toEqual(expect.arrayContaining([sold[0]]));
  // With filters of the table too.
  const filtered = await specCall<Product[]>(
    'GET',
    `/api/products?search=${word}&status=USADO&minPrice=1000&maxPrice=30000&location=biblioteca`,
    seller.token,
  );
  expect(filtered.body).toHaveLength(14);
  // The seller's own list (My products) still has the sold ones.
  const mine = await specCall<Product[]>(
    'GET',
    `/api/products?sellerId=${seller.id}`,
    seller.token,
  );
  expect(mine).toMatchObject({ status: 200, total: '16' });
  expect(
    mine.body
      .filter((p) => p.isSold)
      .map((p) => p.id)
      .sort(),
  ).toEqual([...sold].sort());
});

test('first contact from a product page: the seller is in GET /api/chat/users, the message arrives', async ({
  browser,
}) => {
  const seller = await createMember('Valeria Vende', 'valeria');
  const buyer = await createMember('Camilo Compra', 'camilo');
  const productId = await publishProduct(seller, listing(`Bicicleta ${stamp}`));
  // The product page: 'Contactar vendedor' preselects product.sellerId and opens /chat.
  const product = await specCall<Product>('GET', `/api/products/${productId}`, buyer.token);
  const preselected = product.body.sellerId;
  expect(preselected).toBe(seller.id);
  // The chat page lists "users with a prior conversation plus the preselected user": it must
  // find the seller in GET /api/chat/users to show them (and the input box).
  const before = await specCall<ChatUser[]>('GET', '/api/chat/users', buyer.token);
  expect(before.status).toBe(200);
  expect(before.body.find((u) => u.id === preselected)).toMatchObject({
    name: 'Valeria Vende',
    lastMessage: null,
  });
  // It sends over STOMP, then posts the typeId 1 notification as the spec says.
  const greeting = `¡Hola! Me interesa tu producto "Bicicleta ${stamp}". ¿Sigue disponible?`;
  await sendAsSpecClient(browser, buyer, preselected, [greeting]);
  const echo = await specCall<Notification>('POST', '/api/notifications', buyer.token, {
    userId: preselected,
    typeId: 1,
    message: 'Has recibido un mensaje de Camilo Compra',
    read: false,
  });
  expect(echo.status).toBe(200);
  expect(echo.body).toEqual({
    userId: preselected,
    typeId: 1,
    message: 'Has recibido un mensaje de Camilo Compra',
    read: false,
  });
  // The seller sees the conversation first in her list, the message and one notification.
  const sellerUsers = await specCall<ChatUser[]>('GET', '/api/chat/users', seller.token);
  expect(sellerUsers.body[0]).toMatchObject({ id: buyer.id, lastMessage: { content: greeting } });
  const history = await specCall<ChatMessage[]>(
    'GET',
    `/api/chat/messages?userId=${buyer.id}`,
    seller.token,
  );
  expect(history.body.map((m) => m.content)).toEqual([greeting]);
  const notifications = await specCall<Notification[]>(
    'GET',
    `/api/notifications?userId=${seller.id}`,
    seller.token,
  );
  expect(notifications.body.filter((n) => n.typeId === 1)).toEqual([
    expect.objectContaining({ message: 'Has recibido un mensaje de Camilo Compra' }),
  ]);
});

test('chat history order: GET /api/chat/messages answers the whole conversation oldest first', async ({
  browser,
}) => {
  const ana: Member = await createMember('Ana Lectora', 'ana');
  const beto: Member = await createMember('Beto Lector', 'beto');
  const mine = Array.from({ length: 35 }, (_, i) => `Mensaje ${String(i + 1).padStart(2, '0')}`);
  // One connection may send a burst of 20 frames, CONNECT included (decision 021): Ana's first
  // twenty messages go over two connections.
  await sendAsSpecClient(browser, ana, beto.id, mine.slice(0, 15));
  await sendAsSpecClient(browser, ana, beto.id, mine.slice(15, 20));
  await sendAsSpecClient(browser, beto, ana.id, mine.slice(20, 25));
  await sendAsSpecClient(browser, ana, beto.id, mine.slice(25));
  for (const [reader, other] of [
    [ana, beto],
    [beto, ana],
  ] as const) {
    const history = await specCall<ChatMessage[]>(
      'GET',
      `/api/chat/messages?userId=${other.id}`,
      reader.token,
    );
    expect(history).toMatchObject({ status: 200, total: '35' });
    // Reading order: after a reload the newest message is at the bottom, where new ones arrive.
    expect(history.body.map((m) => m.content)).toEqual(mine);
  }
});

test('first contact in the web app: Contactar al vendedor lists the seller with an input box and sends', async ({
  browser,
}) => {
  const seller = await createMember('Paula Vendedora', 'paula');
  const buyer = await createMember('Diego Comprador', 'diego');
  const productId = await publishProduct(seller, listing(`Lámpara ${stamp}`));
  const page = await signIn(browser, buyer);
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'Contactar al vendedor' }).click();
  // The seller's conversation, about this product (decision 099 adds the product to the URL).
  await expect(page).toHaveURL(new RegExp(`/chat\\?userId=${seller.id}&productId=${productId}$`));
  const conversations = page.getByRole('list', { name: 'Conversaciones' });
  await expect(conversations.getByText('Paula Vendedora')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Mensaje' });
  await expect(box).toHaveValue(
    `¡Hola Paula! Me interesa tu producto "Lámpara ${stamp}". ¿Sigue disponible?`,
  );
  await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('log').getByText(`Me interesa tu producto "Lámpara ${stamp}"`, { exact: false }),
  ).toBeVisible();
  await expect(box).toHaveValue('');
  // Stored, and the seller has it.
  await expect
    .poll(async () => {
      const history = await specCall<ChatMessage[]>(
        'GET',
        `/api/chat/messages?userId=${buyer.id}`,
        seller.token,
      );
      return history.body.map((m) => m.senderId);
    })
    .toEqual([buyer.id]);
  await page.context().close();
});
