import { describe, expect, it } from 'vitest';
import { detectSafetyNudges, needsSafetyNudge } from './safety-nudge';

describe('detectSafetyNudges', () => {
  it.each([
    ['Págame antes y te lo guardo', ['payAhead']],
    ['me mandas un adelanto de 20 mil?', ['payAhead']],
    ['Necesito un anticipo para separarlo', ['payAhead']],
    ['Escríbeme al WhatsApp', ['offApp']],
    ['mejor por telegram', ['offApp']],
    ['mi número es 300 123 4567', ['offApp']],
    ['mi cel: 300.123.4567', ['offApp']],
    ['llámame al +57 3001234567', ['offApp']],
    ['mira las fotos en https://example.com/x', ['offApp']],
    ['hablemos por wa.me/573001234567', ['offApp']],
    ['mi correo es ana@gmail.com', ['offApp']],
    ['te lo pago por Nequi', ['transfer']],
    ['¿Aceptas Daviplata?', ['transfer']],
    ['Hago una TRANSFERENCIA', ['transfer']],
    ['prefiero consignación', ['transfer']],
    ['Consígname antes por Nequi al 3001234567', ['payAhead', 'offApp', 'transfer']],
  ])('%s → %j', (text, reasons) => {
    expect(detectSafetyNudges(text)).toEqual(reasons);
  });

  it.each([
    'Hola, ¿sigue disponible?',
    'Nos vemos mañana a las 3 en la biblioteca',
    'Te pago en efectivo cuando nos veamos',
    'Cuesta 25000, lo vendo en 2 días',
    'Te lo dejo en 1.200.000',
    'Último precio: $ 850.000 y 1.500.000 con el cargador',
    'Está en el bloque 7, salón 201',
    'Antes de comprar, ¿puedo verlo?',
    '',
  ])('no nudge for %j', (text) => {
    expect(needsSafetyNudge(text)).toBe(false);
  });
});
