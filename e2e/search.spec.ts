import { expect, test, type Page } from './support/test';

// Issue 18: the search box keeps what a person types, whenever they type it.

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });

/** Waits until the app (not only the prerendered page) shows the search. */
const openSearch = async (page: Page) => {
  await page.goto('/search');
  await expect(page.getByRole('button', { name: 'Filtros' })).toBeEnabled();
  await expect(page.getByLabel('Ordenar por')).toBeVisible();
  // The app has taken the page over (route-boundary.tsx marks it): 'Filtros' opens on a click.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForLoadState('networkidle');
};

test('a pause in typing searches without taking the focus away from the box', async ({ page }) => {
  await openSearch(page);
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('bici');
  await expect(page).toHaveURL(/search=bici/);
  // Well past the pause that committed 'bici'.
  await page.waitForTimeout(600);
  await expect(box).toBeFocused();
  await page.keyboard.type('cleta');
  await expect(box).toHaveValue('bicicleta');
  await expect(page).toHaveURL(/search=bicicleta/);
  await page.waitForTimeout(600);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('bicicleta');
});

// Typed into the server's page before hydration: once hydrated, the app searches it as if typed
// after (lib/typed-before-hydration.ts, the search box's own onChange).
test('what is typed before the app has loaded is kept and searched', async ({ page }) => {
  // The app's code arrives a second and a half late, as on a slow phone.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/search', { waitUntil: 'commit' });
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('lampara');
  await expect(page.getByLabel('Ordenar por')).toBeVisible();
  await expect(page).toHaveURL(/search=lampara/, { timeout: 15_000 });
  await expect(box).toHaveValue('lampara');
});

test('changing a filter right after typing keeps the typed text', async ({ page }) => {
  await openSearch(page);
  await page.getByRole('button', { name: 'Filtros' }).click();
  const category = page.getByLabel('Categoría');
  await expect(category).toBeVisible();
  const box = searchBox(page);
  await box.fill('libro');
  // Within the typing pause.
  await category.selectOption({ index: 1 });
  await expect(page).toHaveURL(/categoryId=\d+/);
  await expect(page).toHaveURL(/search=libro/);
  await expect(box).toHaveValue('libro');
  // The same with the sort.
  await box.fill('libros');
  await page.getByLabel('Ordenar por').selectOption({ label: 'Menor precio' });
  await expect(page).toHaveURL(/sort=/);
  await expect(page).toHaveURL(/search=libros/);
  await expect(box).toHaveValue('libros');
});

test('moving to another page still takes the focus to its heading', async ({ page }) => {
  await openSearch(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /UniMercado/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the search box shows one clear button, ours', async ({ page }) => {
  await openSearch(page);
  const box = searchBox(page);
  await box.fill('mesa');
  await expect(page.getByRole('button', { name: 'Borrar texto' })).toBeVisible();
  // The browser's own clear button of a search field is not drawn: a style rule that applies
  // to this box hides it (computed styles do not reach that part of the field).
  const isBrowserButtonHidden = await box.evaluate((input) =>
    Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules))
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
      .some((rule) =>
        rule.selectorText.split(',').some((selector) => {
          const [element, pseudo] = selector.split('::');
          return (
            pseudo?.trim() === '-webkit-search-cancel-button' &&
            input.matches(element!) &&
            (rule.style.display === 'none' || rule.style.getPropertyValue('appearance') === 'none')
          );
        }),
      ),
  );
  expect(isBrowserButtonHidden).toBe(true);
  await page.getByRole('button', { name: 'Borrar texto' }).click();
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
});
