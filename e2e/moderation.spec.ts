import { expect, test } from './support/test';
import { E2E_MODERATOR_EMAIL } from './support/env';
import { createAdmin, createMember, signIn } from './support/members';
import { publishProduct } from './support/products';

const stamp = Date.now().toString(36);
const TITLE = `Parlante ${stamp.slice(-4)}`;

// Issue 20: a member reports a listing, an admin hides it from the moderation queue with a
// reason, the listing is gone for everyone else, and the audit log says who, when and why.
test('a member reports a listing, an admin hides it with a reason, it is gone for others, and the log shows it', async ({
  browser,
}) => {
  const seller = await createMember('Sergio Vendedor', `sergio.mod.${stamp}@uni.edu`);
  const reporter = await createMember('Rita Reporta', `rita.mod.${stamp}@uni.edu`);
  const admin = await createAdmin('Mónica Moderadora', E2E_MODERATOR_EMAIL);
  const productId = await publishProduct(seller, {
    title: TITLE,
    description: 'Parlante bluetooth, pide pago por adelantado.',
    price: 90000,
    status: 'Usado',
    location: 'Bloque de Ingeniería',
  });

  // The member reports the listing from its page.
  const memberPage = await signIn(browser, reporter);
  await memberPage.goto(`/products/${productId}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Reportar publicación' }).click();
  const report = memberPage.getByRole('dialog', { name: 'Reportar' });
  await report.getByRole('radio', { name: 'Estafa o fraude' }).check();
  await report.getByRole('textbox', { name: 'Cuéntanos más (opcional)' }).fill('Pide anticipo.');
  await report.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(report.getByText('Gracias por tu reporte. Lo revisaremos pronto.')).toBeVisible();

  // The admin opens the queue from the admin panel and hides it, giving the reason.
  const adminPage = await signIn(browser, admin);
  await adminPage.goto('/admin-panel');
  await adminPage.getByRole('link', { name: 'Moderación' }).click();
  await expect(adminPage).toHaveURL(/\/admin-panel\/moderacion$/);
  const card = adminPage.getByRole('article').filter({ hasText: TITLE });
  await expect(card).toContainText('1 reporte');
  await expect(card).toContainText('Estafa o fraude: Pide anticipo.');
  await expect(card).toContainText('Reportado por Rita Reporta');
  await card.getByRole('button', { name: 'Ocultar publicación' }).click();
  const action = adminPage.getByRole('dialog', { name: 'Ocultar publicación' });
  await action.getByRole('button', { name: 'Confirmar' }).click();
  await expect(action.getByText('Escribe el motivo de la acción.')).toBeVisible();
  await action.getByRole('textbox', { name: /Motivo/ }).fill('Pide pago por adelantado');
  await action.getByRole('button', { name: 'Confirmar' }).click();
  await expect(adminPage.getByText('Acción registrada')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Gone for others: its page and the search.
  await memberPage.reload();
  await expect(memberPage.getByText('El producto no fue encontrado.')).toBeVisible();
  await memberPage.goto(`/search?search=${encodeURIComponent(TITLE)}`);
  await expect(memberPage.getByText('No encontramos productos con esos filtros')).toBeVisible();
  const anonymous = await browser.newPage();
  const answer = await anonymous.request.get(`/api/products/${productId}`);
  expect(answer.status()).toBe(404);
  await anonymous.close();

  // The audit log: what, why, who.
  await adminPage.getByRole('tab', { name: 'Registro' }).click();
  const entry = adminPage
    .getByRole('list', { name: 'Registro' })
    .getByRole('listitem')
    .filter({ hasText: `Publicación #${productId}` });
  await expect(entry).toContainText('Ocultar publicación');
  await expect(entry).toContainText('Motivo: Pide pago por adelantado');
  await expect(entry).toContainText('Por Mónica Moderadora');
});
