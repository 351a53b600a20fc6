/** The Spanish texts of reports, blocks and the safety tips (decision 071). */
export const SAFETY_TEXTS = {
  tipsTitle: 'Consejos de seguridad',
  tipsIntro:
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
  report: 'Reportar',
  reportListing: 'Reportar publicación',
  reportTitle: 'Reportar',
  reportReason: 'Motivo',
  reportDetails: 'Cuéntanos más (opcional)',
  reportSend: 'Enviar reporte',
  reportCancel: 'Cancelar',
  reportError: 'No se pudo enviar el reporte',
  blockedTitle: 'Usuarios bloqueados',
  blockedEmpty:
    'No has bloqueado a nadie. Quien bloquees no podrá escribirte ni hacerte ofertas, y no verás sus publicaciones.',
  blockedLoadError: 'No se pudo cargar la lista de usuarios bloqueados.',
  unblock: 'Desbloquear',
  unblockError: 'No se pudo desbloquear. Inténtalo de nuevo.',
  reportMember: 'Reportar usuario',
  reportMessage: 'Reportar mensaje',
  block: 'Bloquear',
  blockTitle: (name: string) => `¿Bloquear a ${name}?`,
  blockExplains:
    'Ninguno de los dos podrá escribirle ni hacerle ofertas al otro, y no verás sus publicaciones. Puedes desbloquearlo cuando quieras desde tu perfil.',
  blockError: 'No se pudo bloquear. Inténtalo de nuevo.',
  blockedByMe: (name: string) =>
    `Bloqueaste a ${name}. Ninguno de los dos puede escribirle ni hacerle ofertas al otro, y no ves sus publicaciones.`,
  closedTitle: 'Conversación cerrada',
  closedByMe:
    'Bloqueaste a este usuario: ninguno de los dos puede enviar mensajes ni ofertas al otro. Puedes leer lo que ya se escribieron.',
  closedByOther:
    'Ya no es posible enviar mensajes ni ofertas en esta conversación. Puedes leer lo que ya se escribieron.',
} as const;
