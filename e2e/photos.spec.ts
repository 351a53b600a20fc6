import { expect, test } from '@playwright/test';
import { createMember, signIn } from './support/members';

// Issue 18: the photo picker on a phone, and a file that only calls itself a photo.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNIYniFFTEMpAQAJOQ+Qd1LnxEAAAAASUVORK5CYII=',
  'base64',
);

test('on a phone the cover chip shows whole and every move button is there; a renamed text file is refused when picked', async ({
  browser,
}) => {
  const member = await createMember('Paula Fotos', `paula.${Date.now()}@uni.edu.co`);
  const page = await signIn(browser, member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/create-product');
  const input = page.getByTestId('product-photos-input');
  await input.setInputFiles([
    { name: 'escritorio-frente-completo.png', mimeType: 'image/png', buffer: PNG },
    { name: 'escritorio-lado.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByRole('img', { name: /Vista previa de/ })).toHaveCount(2);

  const chip = page.getByText('Portada', { exact: true });
  await expect(chip).toBeVisible();
  // Not cut: the label is as wide as its text.
  expect(await chip.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
  for (const name of [
    'Subir escritorio-lado.png',
    'Bajar escritorio-frente-completo.png',
    'Usar escritorio-lado.png como portada',
    'Quitar escritorio-lado.png',
  ]) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // A text file renamed .jpg: said at once, no broken preview.
  await page.getByRole('button', { name: 'Quitar escritorio-lado.png' }).click();
  await input.setInputFiles({
    name: 'nota.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Lista de compras: pan, leche, huevos'),
  });
  await expect(
    page.getByText('El archivo "nota.jpg" no es una imagen válida. Usa fotos JPEG, PNG o WebP.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Vista previa de/ })).toHaveCount(1);
});
