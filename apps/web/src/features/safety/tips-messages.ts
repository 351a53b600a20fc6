/**
 * The safety tips page's texts (decision 071), apart from SAFETY_TEXTS: the pages that only link
 * to the tips or offer a report do not load them before they are interactive.
 */
export const SAFETY_TIPS_TEXTS = {
  intro:
    'La mayoría de los estudiantes compran y venden sin problemas. Estos hábitos te ayudan a que siga siendo así.',
  tips: [
    {
      title: 'Encuéntrense en un lugar público del campus',
      body: 'Elige un sitio concurrido y con buena luz, como la biblioteca, una cafetería o la entrada de un bloque, en horario de clases. Si puedes, ve acompañado.',
    },
    {
      title: 'Mantén la conversación en UniMercado',
      body: 'Si alguien te pide seguir por WhatsApp, Telegram u otra app, o te envía enlaces, desconfía. Aquí queda el registro de lo que acordaron y podemos ayudarte si algo sale mal.',
    },
    {
      title: 'Revisa antes de pagar',
      body: 'Prueba el producto, verifica que funcione y que sea el de las fotos. Si algo no coincide con la descripción, no tienes que comprarlo.',
    },
    {
      title: 'Nunca pagues por adelantado',
      body: 'No envíes anticipos, abonos ni transferencias (Nequi, Daviplata, consignaciones) antes de tener el producto en la mano. Paga en persona, al recibirlo.',
    },
    {
      title: 'Reporta y bloquea',
      body: 'Si alguien te hace sentir incómodo, te presiona o te pide dinero por adelantado, repórtalo desde su perfil, la publicación o el mensaje, y bloquéalo. El equipo de moderación revisa cada reporte.',
    },
  ],
} as const;
