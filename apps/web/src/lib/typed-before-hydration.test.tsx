import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '@/components/form/text-field';
import { noteTypedText, whenTypedTextApplied } from './typed-before-hydration';

/** A controlled field that shows what the app's state holds. */
const Search = () => {
  const [text, setText] = useState('');
  return (
    <>
      <TextField
        label="Buscar"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <output>{text}</output>
    </>
  );
};

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** The server's page, in the document, before the app's code arrives. */
const serverPage = () => {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Search />);
  document.body.append(container);
  return { container, field: container.querySelector('input')! };
};

const type = (field: HTMLInputElement, text: string) => {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('text typed before hydration', () => {
  it('reaches the app once the field is hydrated, as if typed after', async () => {
    const page = serverPage();
    page.field.value = 'lam';
    noteTypedText(page.container);
    // Typed on while the code loads.
    type(page.field, 'lampara');

    act(() => {
      root = hydrateRoot(page.container, <Search />);
    });
    await act(() => whenTypedTextApplied());
    expect(page.field.value).toBe('lampara');
    expect(page.container.querySelector('output')!.textContent).toBe('lampara');

    // Typed after hydration: the app's as always.
    fireEvent.change(page.field, { target: { value: 'lamparas' } });
    expect(page.container.querySelector('output')!.textContent).toBe('lamparas');
  });

  it('leaves a field nobody typed into as the server wrote it', async () => {
    const page = serverPage();
    noteTypedText(page.container);
    act(() => {
      root = hydrateRoot(page.container, <Search />);
    });
    await act(() => whenTypedTextApplied());
    expect(page.field.value).toBe('');
    expect(page.container.querySelector('output')!.textContent).toBe('');
  });
});
