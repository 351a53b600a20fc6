import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, jpegFile, makeProduct, mockUploads } from '@/testing/products';
import { jsonResponse, mockFetch, renderApp, requestOf, TEST_USER } from '@/testing/test-utils';

const photo = jpegFile;

const fillForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText(/^Título/), 'Calculadora Casio fx-991');
  await user.type(screen.getByLabelText(/^Descripción/), 'Funciona perfecto.');
  await user.type(screen.getByLabelText(/^Precio/), '85.000');
  await user.type(screen.getByLabelText(/^Ubicación/), 'Biblioteca Central');
  await user.selectOptions(screen.getByLabelText(/^Estado/), 'Usado');
  await user.selectOptions(screen.getByLabelText(/^Categoría/), 'Electrónica');
};

const publishApi = () =>
  mockFetch({
    'GET /api/categories': () => jsonResponse(200, CATEGORIES),
    'GET /api/products/locations': () => jsonResponse(200, ['Biblioteca Central', 'Bloque 19']),
    'GET /api/products/price-guidance': () =>
      jsonResponse(200, { count: 0, low: null, high: null, median: null }),
    'POST /api/products': ({ body }) => jsonResponse(201, makeProduct(body as object)),
  });

describe('/create-product', () => {
  it('asks for every required field with the rules of spec section 5', async () => {
    const fetchMock = publishApi();
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    await user.click(await screen.findByRole('button', { name: 'Publicar producto' }));
    expect(await screen.findByText('El título es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La descripción es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('El precio es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La ubicación es obligatoria')).toBeInTheDocument();
    expect(screen.getByText('Selecciona el estado del producto')).toBeInTheDocument();
    expect(screen.getByText('Selecciona una categoría', { selector: 'p' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((_, i) => requestOf(fetchMock, i).method === 'POST')).toBe(
      false,
    );
    // The title is cut at 40 characters; the category placeholder cannot be chosen.
    expect(screen.getByLabelText(/^Título/)).toHaveAttribute('maxLength', '40');
    expect(screen.getByRole('option', { name: 'Selecciona una categoría' })).toBeDisabled();
  });

  it('shows under the price what similar listings sold for, only from three sales (decision 098)', async () => {
    const asked: string[] = [];
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products/locations': () => jsonResponse(200, []),
      'GET /api/products/price-guidance': ({ url }) => {
        const title = url.searchParams.get('title') ?? '';
        asked.push(`${url.searchParams.get('categoryId')}:${title}`);
        return jsonResponse(
          200,
          title === 'Calculadora'
            ? { count: 5, low: 20000, high: 45000, median: 30000 }
            : { count: 2, low: null, high: null, median: null },
        );
      },
    });
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    // Prices in the shared format ('$ 20.000', a no-break space after the sign).
    const hint = /^Se vendieron 5 parecidos entre \$\s20\.000 y \$\s45\.000; mediana \$\s30\.000$/;
    await user.type(await screen.findByLabelText(/^Título/), 'Calculadora');
    // No category yet: nothing is asked.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(asked).toEqual([]);
    await user.selectOptions(screen.getByLabelText(/^Categoría/), 'Electrónica');
    expect(await screen.findByText(hint, {}, { timeout: 5000 })).toBeInTheDocument();
    // Two similar sales are not enough: the hint goes.
    await user.type(screen.getByLabelText(/^Título/), ' rara');
    await waitFor(() => expect(screen.queryByText(hint)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(asked.at(-1)).toMatch(/:Calculadora rara$/);
  });

  it('counts the description against its 2.000-character limit and says when it is reached', async () => {
    publishApi();
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    const description = await screen.findByLabelText(/^Descripción/);
    expect(description).toHaveAccessibleDescription('0/2.000 caracteres');
    await user.type(description, 'Funciona perfecto.');
    expect(description).toHaveAccessibleDescription('18/2.000 caracteres');
    await user.click(description);
    await user.paste('a'.repeat(2100));
    expect(description).toHaveAccessibleDescription('2.000/2.000 caracteres: llegaste al máximo');
  });

  it('refuses a 4th photo and a photo over 1 MB with the spec messages and the tips', async () => {
    publishApi();
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    const input = await screen.findByTestId('product-photos-input');
    await user.upload(input, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg')]);
    expect(await screen.findByText('Máximo 3 imágenes permitidas.')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Vista previa de/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Quitar c.jpg' }));
    await user.upload(input, [photo('enorme.jpg', 1024 * 1024 + 1)]);
    expect(
      await screen.findByText(
        'El archivo "enorme.jpg" es demasiado grande. Máximo 1MB permitido por imagen.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Cómo reducir el tamaño de una foto')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Vista previa de/ })).toHaveLength(2);
  });

  it('refuses a text file renamed .jpg when it is picked, and says so there', async () => {
    publishApi();
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    const input = await screen.findByTestId('product-photos-input');
    const fake = new File(['Lista de compras: pan, leche'], 'foto.jpg', { type: 'image/jpeg' });
    await user.upload(input, [fake, photo('real.jpg')]);
    expect(
      await screen.findByText(
        'El archivo "foto.jpg" no es una imagen válida. Usa fotos JPEG, PNG o WebP.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Vista previa de/ })).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Vista previa de foto.jpg' })).not.toBeInTheDocument();
  });

  it('on every width the cover chip and both move arrows are there', async () => {
    publishApi();
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    await user.upload(await screen.findByTestId('product-photos-input'), [
      photo('primera.jpg'),
      photo('segunda.jpg'),
    ]);
    expect(await screen.findByText('Portada')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subir segunda.jpg' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Bajar primera.jpg' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Subir segunda.jpg' }));
    expect(screen.getAllByRole('img', { name: /Vista previa de/ })[0]).toHaveAccessibleName(
      'Vista previa de segunda.jpg',
    );
  });

  it('uploads the photos in the chosen order, publishes, and goes to /my-products after 1.5 s', async () => {
    const fetchMock = publishApi();
    const sent = mockUploads((form) => ({
      status: 201,
      body: form
        .getAll('files')
        .map((file) => `http://localhost/uploads/products/x/${(file as File).name}.webp`),
    }));
    const user = userEvent.setup();
    const { router } = renderApp('/create-product', { user: TEST_USER });
    await fillForm(user);
    await user.upload(screen.getByTestId('product-photos-input'), [
      photo('primera.jpg'),
      photo('segunda.jpg'),
    ]);
    // The second becomes the cover.
    await user.click(screen.getByRole('button', { name: 'Usar segunda.jpg como portada' }));
    await user.click(screen.getByRole('button', { name: 'Publicar producto' }));

    expect(
      await screen.findByText('¡Producto publicado exitosamente! Redirigiendo...'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/products/upload-images');
    expect(sent[0]!.headers.Authorization).toBe('Bearer test-token');
    expect(sent[0]!.form.getAll('files').map((file) => (file as File).name)).toEqual([
      'segunda.jpg',
      'primera.jpg',
    ]);
    const post = fetchMock.mock.calls
      .map((_, index) => requestOf(fetchMock, index))
      .find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Calculadora Casio fx-991',
      description: 'Funciona perfecto.',
      price: 85000,
      status: 'Usado',
      location: 'Biblioteca Central',
      categoryId: 2,
      imageUrl:
        'http://localhost/uploads/products/x/segunda.jpg.webp,http://localhost/uploads/products/x/primera.jpg.webp',
      // The whole list, empty too: an edit that removes the last code clears them (decision 095).
      courseCodes: [],
    });
    // The form is disabled, then the page moves on.
    expect(screen.getByLabelText(/^Título/)).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-products'), {
      timeout: 3000,
    });
  }, 30_000);

  it("shows 'Error al publicar el producto' with the server's reason", async () => {
    mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/products/locations': () => jsonResponse(200, []),
      'POST /api/products': () =>
        jsonResponse(400, {
          error: 'La categoría seleccionada no existe.',
          code: 'VALIDATION_ERROR',
        }),
    });
    const user = userEvent.setup();
    renderApp('/create-product', { user: TEST_USER });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Publicar producto' }));
    expect(await screen.findByText('Error al publicar el producto')).toBeInTheDocument();
    expect(screen.getByText('La categoría seleccionada no existe.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Título/)).toBeEnabled();
  }, 30_000);

  it('tells an unverified account how to verify and does not let it publish', async () => {
    const fetchMock = mockFetch({
      'GET /api/categories': () => jsonResponse(200, CATEGORIES),
      'GET /api/auth/verification-status': () =>
        jsonResponse(200, { verified: false, email: 'ana@uni.edu' }),
    });
    renderApp('/create-product', { user: { ...TEST_USER, verified: false } });
    expect(await screen.findByText('Verifica tu email para publicar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verificar desde mi perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(await screen.findByRole('button', { name: 'Publicar producto' })).toBeDisabled();
    expect(fetchMock.mock.calls.some((_, i) => requestOf(fetchMock, i).method === 'POST')).toBe(
      false,
    );
  });

  it("says 'Error cargando categorías' when the categories do not load", async () => {
    mockFetch({
      'GET /api/categories': () => jsonResponse(500, { error: 'x', code: 'INTERNAL_ERROR' }),
    });
    renderApp('/create-product', { user: TEST_USER });
    expect(await screen.findByText('Error cargando categorías')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
