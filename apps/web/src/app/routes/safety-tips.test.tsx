import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAFETY_TIPS_TEXTS } from '@/features/safety/tips-messages';
import { renderApp } from '@/testing/test-utils';

describe('/consejos-de-seguridad', () => {
  it('shows the safety tips to anyone, with its own title', async () => {
    renderApp('/consejos-de-seguridad', { user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Consejos de seguridad' }),
    ).toBeInTheDocument();
    for (const [index, tip] of SAFETY_TIPS_TEXTS.tips.entries()) {
      expect(
        screen.getByRole('heading', { level: 2, name: `${index + 1}. ${tip.title}` }),
      ).toBeInTheDocument();
    }
    expect(document.title).toMatch(/^Consejos de seguridad · /);
  });
});
