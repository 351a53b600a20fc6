import { expect, test } from './support/test';
import { createMember, signIn } from './support/members';
import { publishProduct } from './support/products';

const stamp = Date.now().toString(36);
const TITLE = `Bicicleta ${stamp.slice(-4)}`;
/** One of the five first-run meet-up spots (migration 0021, decision 082). */
const SPOT = 'Entrada de la biblioteca central';
const SPOT_AREA = 'Biblioteca central';
/** '27 de noviembre': the day part of how the web writes a date on campus (decision 050). */
const campusDay = (date: Date) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    day: 'numeric',
    month: 'long',
  }).format(date);

/**
 * Issue 20's hand-off journey: offer → accept (the product is reserved, both get a card) → the
 * buyer sees it atop the conversation and proposes a meet-up there → the seller accepts it in the
 * chat and both cards show the agreed place and time → the buyer confirms receipt → the review
 * opens.
 */
test('offer, accept, a meet-up agreed in chat, the buyer confirms receipt and rates', async ({
  browser,
}) => {
  const seller = await createMember('Sofía Vendedora', `sofia.handoff.${stamp}@uni.edu`);
  const buyer = await createMember('Tomás Comprador', `tomas.handoff.${stamp}@uni.edu`);
  const productId = await publishProduct(seller, {
    title: TITLE,
    description: 'Rin 26, cambios Shimano, con candado.',
    price: 400000,
    status: 'Usado',
    location: 'Bloque 5',
  });
  const buyerPage = await signIn(browser, buyer);
  const sellerPage = await signIn(browser, seller);

  // The buyer offers from the product page.
  await buyerPage.goto(`/products/${productId}`);
  await buyerPage.getByRole('button', { name: 'Hacer una oferta' }).click();
  const offerDialog = buyerPage.getByRole('dialog', { name: 'Hacer una oferta' });
  await offerDialog.getByRole('textbox', { name: 'Tu oferta' }).fill('350000');
  await offerDialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(offerDialog).toBeHidden({ timeout: 8000 });

  // The seller accepts it: the product is reserved and her card appears in My products.
  await sellerPage.goto('/my-products');
  await sellerPage.getByRole('button', { name: `Ver ofertas de ${TITLE}` }).click();
  const offers = sellerPage.getByRole('dialog', { name: 'Ofertas recibidas' });
  await offers.getByRole('button', { name: 'Aceptar la oferta de Tomás Comprador' }).click();
  await sellerPage
    .getByRole('dialog', { name: '¿Aceptar la oferta?' })
    .getByRole('button', { name: 'Aceptar oferta' })
    .click();
  await expect(offers.getByText('Aceptada')).toBeVisible();
  await offers.getByRole('button', { name: 'Cerrar' }).click();
  const sellerCard = sellerPage.getByRole('article', { name: `Entrega de ${TITLE}` });
  await expect(sellerCard).toBeVisible();
  await expect(sellerCard).toContainText('Reservado');
  await expect(sellerCard).toContainText('Comprador: Tomás Comprador');
  await expect(sellerCard).toContainText('$ 350.000');
  await expect(sellerCard.getByRole('button', { name: 'Cancelar reserva' })).toBeVisible();

  // Everyone else sees it reserved.
  await buyerPage.goto(`/products/${productId}`);
  await expect(buyerPage.getByText('Reservado', { exact: true }).first()).toBeVisible();

  // The buyer finds the hand-off atop the conversation with the seller.
  await buyerPage.goto(`/chat?userId=${seller.id}`);
  const folded = buyerPage.getByRole('button', { name: new RegExp(`Entrega de ${TITLE}`) });
  await folded.click();
  const chatCard = buyerPage.getByRole('article', { name: `Entrega de ${TITLE}` });
  await expect(chatCard).toContainText('Vendedor: Sofía Vendedora');
  await expect(chatCard.getByRole('link', { name: 'Consejos de seguridad' })).toBeVisible();
  await expect(chatCard).toContainText('Aún no acordaron dónde y cuándo encontrarse.');

  // The buyer proposes a meet-up: a first-run campus spot, tomorrow at 3:30 p. m. (decision 083).
  const when = new Date();
  when.setDate(when.getDate() + 1);
  when.setHours(15, 30, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const whenInput = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T15:30`;
  await buyerPage.getByRole('button', { name: 'Proponer encuentro' }).click();
  const propose = buyerPage.getByRole('dialog', { name: 'Proponer un encuentro' });
  await propose.getByLabel('Punto de encuentro').selectOption({ label: `${SPOT} — ${SPOT_AREA}` });
  await propose.getByLabel('Día y hora').fill(whenInput);
  await propose.getByRole('button', { name: 'Enviar propuesta' }).click();
  await expect(propose).toBeHidden({ timeout: 8000 });
  const sentProposal = buyerPage.getByRole('article', { name: 'Propuesta de encuentro' });
  await expect(sentProposal).toContainText(SPOT);
  await expect(sentProposal).toContainText('Pendiente de respuesta');
  // Only the other side answers.
  await expect(sentProposal.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);

  // The seller finds it in the conversation and accepts it.
  await sellerPage.goto(`/chat?userId=${buyer.id}`);
  const proposal = sellerPage.getByRole('article', { name: 'Propuesta de encuentro' });
  await expect(proposal).toContainText(SPOT);
  await expect(proposal).toContainText(SPOT_AREA);
  await proposal.getByRole('button', { name: 'Aceptar' }).click();
  await expect(proposal).toContainText('Aceptada');
  await expect(proposal.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);
  // The time as the campus reads it, the same on the proposal and on the hand-off cards.
  const agreedAt = (await proposal.locator('p').last().innerText()).trim();
  expect(agreedAt).toContain(campusDay(when));
  expect(agreedAt).toMatch(/\d{1,2}:\d{2}/);
  const agreed = `${SPOT} (${SPOT_AREA}) · ${agreedAt}`;

  // Her hand-off card in My products shows the agreed place and time.
  await sellerPage.goto('/my-products');
  await expect(sellerPage.getByRole('article', { name: `Entrega de ${TITLE}` })).toContainText(
    agreed,
  );

  // In My purchases the buyer confirms receipt; the review opens on the card.
  await buyerPage.goto('/my-purchases');
  const buyerCard = buyerPage.getByRole('article', { name: `Entrega de ${TITLE}` });
  await expect(buyerCard).toContainText(agreed);
  await buyerCard.getByRole('button', { name: 'Confirmar entrega' }).click();
  const confirm = buyerPage.getByRole('dialog', { name: 'Confirmar entrega' });
  await expect(confirm).toContainText(`¿Ya recibiste «${TITLE}»?`);
  await confirm.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(buyerCard).toContainText('Entrega completada.');
  await buyerCard.getByRole('button', { name: 'Calificar producto' }).click();
  const rate = buyerPage.getByRole('dialog', { name: 'Calificar transacción' });
  await rate.locator('label', { hasText: '5 estrellas' }).click();
  await rate.getByRole('textbox', { name: 'Comentario' }).fill('Todo como se acordó.');
  await rate.getByRole('button', { name: 'Enviar' }).click();
  await expect(rate).toBeHidden();
  await expect(buyerCard).toBeHidden();
  await expect(buyerPage.getByText('Ya calificado')).toBeVisible();

  // The seller was told; her card is gone and the rating is on her profile.
  await sellerPage.goto('/notifications');
  await expect(
    sellerPage.getByText(
      `El comprador confirmó que recibió "${TITLE}". La entrega está completada.`,
    ),
  ).toBeVisible();
  await sellerPage.goto('/my-products');
  await expect(sellerPage.getByRole('tab', { name: 'Vendidos (1)' })).toBeVisible();
  await expect(sellerPage.getByRole('article', { name: `Entrega de ${TITLE}` })).toHaveCount(0);
  await sellerPage.goto(`/user/${seller.id}`);
  await expect(sellerPage.getByText('Todo como se acordó.')).toBeVisible();
});
