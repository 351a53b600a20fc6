import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noteTypedFields, retypeNotedFields } from './typed-before-hydration';

/** A controlled box that shows what the app's state holds. */
const Box = () => {
  const [text, setText] = useState('');
  return (
    <>
      <input aria-label="Buscar" value={text} onChange={(event) => setText(event.target.value)} />
      <output>{text}</output>
    </>
  );
};

describe('text typed before hydration', () => {
  it('reaches the app once the field is hydrated, as if typed after', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Box />);
    document.body.append(container);
    const field = container.querySelector('input')!;
    // Typed into the server's page before the code arrived.
    field.value = 'lampara';

    noteTypedFields(container);
    act(() => {
      hydrateRoot(container, <Box />);
    });
    // Hydration keeps the text on screen, but the app's state does not have it yet.
    expect(field.value).toBe('lampara');
    expect(container.querySelector('output')!.textContent).toBe('');

    await act(() => retypeNotedFields());
    expect(field.value).toBe('lampara');
    expect(container.querySelector('output')!.textContent).toBe('lampara');
    container.remove();
  });
});
