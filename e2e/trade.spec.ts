import { expect, test, type Page } from './support/test';
import { createMember, signIn, type Member } from './support/members';
import { publishProduct } from './support/products';

const stamp = Date.now().toString(36);
const TITLE = `Calculadora ${stamp.slice(-4)}`;

/** The seller publishes through the API (the listings journey covers the publish screen). */
const publish = (seller: Member) =>
  publishProduct(seller, {
    title: TITLE,
    description: 'Casio fx-991, con tapa y manual.',
    price: 200000,
    status: 'Usado',
    location: 'Biblioteca Central',
  });

const bell = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Notificaciones/ });

test('a buyer saves and offers, the seller accepts, the buyer rates, and the rating shows on the seller profile', async ({
  browser,
}) => {
  const seller = await createMember('Sara Vendedora', `sara.trade.${stamp}@uni.edu`);
  const buyer = await createMember('Bruno Comprador', `bruno.trade.${stamp}@uni.edu`);
  const productId = await publish(seller);
  const buyerPage = await signIn(browser, buyer);
  const sellerPage = await signIn(browser, seller);

  // The buyer saves the product: the heart fills and it is in My favourites.
  await buyerPage.goto(`/products/${productId}`);
  await buyerPage.getByRole('button', { name: 'Favorito' }).click();
  await expect(buyerPage.getByText('Agregado a favoritos')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'En favoritos' })).toBeVisible();
  await buyerPage.goto('/my-favorites');
  await expect(buyerPage.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
  const favoriteStats = buyerPage.getByRole('region', { name: 'Estadísticas de favoritos' });
  await expect(favoriteStats.getByText('$ 200.000')).toBeVisible();

  // ...and offers from the card: the dialog checks the price and shows the discount.
  await buyerPage.getByRole('button', { name: `Hacer una oferta por ${TITLE}` }).click();
  const offerDialog = buyerPage.getByRole('dialog', { name: 'Hacer una oferta' });
  const price = offerDialog.getByRole('textbox', { name: 'Tu oferta' });
  await price.fill('doscientos');
  await expect(offerDialog.getByText('Por favor ingresa un precio válido.')).toBeVisible();
  await price.fill('250000');
  await expect(offerDialog.getByText('La oferta debe ser menor al precio original.')).toBeVisible();
  await price.fill('150000');
  await expect(offerDialog.getByText('25,0% de descuento')).toBeVisible();
  await offerDialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await expect(
    offerDialog.getByText('¡Oferta enviada! El vendedor recibirá una notificación.'),
  ).toBeVisible();
  await expect(offerDialog).toBeHidden({ timeout: 5000 });

  // The seller's bell lights up live; the offer is on the Notifications page.
  await expect(bell(sellerPage)).toHaveAccessibleName('Notificaciones (tienes sin leer)');
  await sellerPage.goto('/notifications');
  await expect(sellerPage.getByText(/Has recibido una nueva oferta/).first()).toBeVisible();

  // She accepts it in My products: the offer becomes Aceptada and the listing moves to Vendidos.
  await sellerPage.goto('/my-products');
  await sellerPage.getByRole('button', { name: `Ver ofertas de ${TITLE}` }).click();
  const offers = sellerPage.getByRole('dialog', { name: 'Ofertas recibidas' });
  await expect(offers.getByText('Bruno Comprador')).toBeVisible();
  await expect(offers.getByText('$ 150.000')).toBeVisible();
  await expect(offers.getByText('Pendiente')).toBeVisible();
  await offers.getByRole('button', { name: 'Aceptar la oferta de Bruno Comprador' }).click();
  // It asks first, naming the buyer and the price.
  const confirm = sellerPage.getByRole('dialog', { name: '¿Aceptar la oferta?' });
  await expect(confirm).toContainText('Bruno Comprador por $ 150.000');
  await confirm.getByRole('button', { name: 'Aceptar oferta' }).click();
  await expect(offers.getByText('Aceptada')).toBeVisible();
  await expect(offers.getByRole('button', { name: /^Aceptar|^Rechazar/ })).toHaveCount(0);
  await offers.getByRole('button', { name: 'Cerrar' }).click();
  await expect(sellerPage.getByRole('tab', { name: 'Vendidos (1)' })).toBeVisible();

  // The buyer is told, sees the purchase and rates it.
  await expect(bell(buyerPage)).toHaveAccessibleName('Notificaciones (tienes sin leer)');
  await buyerPage.goto('/notifications');
  await expect(buyerPage.getByText(/oferta/i).first()).toBeVisible();
  await buyerPage.goto('/my-purchases');
  const purchaseStats = buyerPage.getByRole('region', { name: 'Estadísticas de compras' });
  await expect(purchaseStats.getByText('$ 150.000')).toBeVisible();
  const pending = purchaseStats.locator('.MuiCard-root', { hasText: 'Pendientes de reseña' });
  // Reserved until the buyer confirms receipt on the hand-off card; reviews open then (075).
  await expect(pending).toContainText('0');
  await buyerPage
    .getByRole('article', { name: `Entrega de ${TITLE}` })
    .getByRole('button', { name: 'Confirmar entrega' })
    .click();
  await buyerPage
    .getByRole('dialog', { name: 'Confirmar entrega' })
    .getByRole('button', { name: 'Confirmar entrega' })
    .click();
  await expect(pending).toContainText('1');
  await buyerPage.getByRole('button', { name: `Calificar producto: ${TITLE}` }).click();
  const rate = buyerPage.getByRole('dialog', { name: 'Calificar transacción' });
  const send = rate.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  // The fifth star (the radios themselves are visually hidden behind their labels).
  await rate.locator('label', { hasText: '5 estrellas' }).click();
  await expect(rate.getByRole('radio', { name: '5 estrellas' })).toBeChecked();
  await rate.getByRole('textbox', { name: 'Comentario' }).fill('Entrega puntual, todo perfecto.');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(rate).toBeHidden();
  await expect(pending).toContainText('0');
  await expect(buyerPage.getByText('Ya calificado')).toBeVisible();

  // The rating shows on the seller's public profile, with her statistics.
  await buyerPage.goto(`/user/${seller.id}`);
  await expect(buyerPage.getByText('Entrega puntual, todo perfecto.')).toBeVisible();
  const stats = buyerPage.getByRole('region', { name: 'Estadísticas' });
  await expect(stats.locator('.MuiCard-root', { hasText: 'Promedio' })).toContainText('5,00');
  await expect(stats.locator('.MuiCard-root', { hasText: 'Reseñas' })).toContainText('1');
  await expect(stats.locator('.MuiCard-root', { hasText: 'Vendidos' })).toContainText('1');
});
