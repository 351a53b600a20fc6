import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { watchPrerenderedFields } from './prerender-handoff';

/** A prerendered form, as the server writes it before the app runs. */
const prerenderedPage = () => {
  const page = document.createElement('div');
  page.id = 'app-page';
  page.innerHTML = `<form>
    <label for="p-email">Correo Electrónico</label><input id="p-email" name="email" type="email" value="">
    <label for="p-password">Contraseña</label><input id="p-password" name="password" type="password" value="">
    <label for="p-terms">Acepto</label><input id="p-terms" name="terms" type="checkbox">
  </form>`;
  document.body.append(page);
  return page;
};

/** The app's own form: controlled fields, as React renders them. */
const AppForm = ({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ email, password });
      }}
    >
      <label htmlFor="email">Correo Electrónico</label>
      <input
        id="email"
        name="email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor="password">Contraseña</label>
      <input
        id="password"
        name="password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit">Iniciar sesión</button>
    </form>
  );
};

/** What the app's first render does: the prerendered page goes, the app's own form comes. */
const replaceWithApp = (page: Element) => {
  page.remove();
  const submitted: Record<string, string>[] = [];
  const root = document.createElement('div');
  document.body.append(root);
  render(<AppForm onSubmit={(values) => submitted.push(values)} />, { container: root });
  return { root, submitted };
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('handing the prerendered page over to the app (decision 034)', () => {
  it('keeps what was typed before the app ran, in the app’s state, and the focus', async () => {
    const user = userEvent.setup();
    const page = prerenderedPage();
    // Typed before the app's code arrived, and so before it watched.
    await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    const handoff = watchPrerenderedFields(page);
    // The app replaces the prerendered page while the password field has the focus.
    const { root, submitted } = replaceWithApp(page);
    handoff.handOver(root);

    expect(screen.getByLabelText('Correo Electrónico')).toHaveValue('ana@uni.edu');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('secreta1');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
    // Typing goes on where it stopped, and the app sees every character.
    await user.keyboard('!');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(submitted).toEqual([{ email: 'ana@uni.edu', password: 'secreta1!' }]);
  });

  it('gives the focus back to the visitor’s field when the app focuses another one on its own', async () => {
    const user = userEvent.setup();
    const page = prerenderedPage();
    const handoff = watchPrerenderedFields(page);
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    const { root } = replaceWithApp(page);
    // Like the login form's autofocus on a desktop.
    screen.getByLabelText('Correo Electrónico').focus();
    handoff.handOver(root);
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });

  it('leaves the app’s fields alone when nothing was typed, and never takes the focus elsewhere', async () => {
    const user = userEvent.setup();
    const page = prerenderedPage();
    const handoff = watchPrerenderedFields(page);
    await user.click(screen.getByLabelText('Correo Electrónico'));
    // The visitor moved on to something that is not a field of the page.
    const outside = document.createElement('button');
    outside.textContent = 'Otro';
    document.body.append(outside);
    outside.focus();
    const { root } = replaceWithApp(page);
    handoff.handOver(root);
    expect(screen.getByLabelText('Correo Electrónico')).toHaveValue('');
    expect(outside).toHaveFocus();
  });

  it('sends the app’s form when the prerendered one was sent before the app ran', async () => {
    const user = userEvent.setup();
    const page = prerenderedPage();
    const handoff = watchPrerenderedFields(page);
    await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@uni.edu');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    // What public/boot.js does with a submission it held back.
    page.querySelector('form')?.setAttribute('data-submit-pending', '');
    const { root, submitted } = replaceWithApp(page);
    handoff.handOver(root);
    await waitFor(() =>
      expect(submitted).toEqual([{ email: 'ana@uni.edu', password: 'secreta1' }]),
    );
  });

  it('does not overwrite what the app already shows in a field', async () => {
    const user = userEvent.setup();
    const page = prerenderedPage();
    const handoff = watchPrerenderedFields(page);
    await user.type(screen.getByLabelText('Correo Electrónico'), 'viejo@uni.edu');
    const { root } = replaceWithApp(page);
    await user.type(screen.getByLabelText('Correo Electrónico'), 'nuevo@uni.edu');
    handoff.handOver(root);
    expect(screen.getByLabelText('Correo Electrónico')).toHaveValue('nuevo@uni.edu');
  });
});
