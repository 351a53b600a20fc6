/** The Spanish texts of reports, blocks and the safety tips (decision 071). */
export const SAFETY_TEXTS = {
  tipsTitle: 'Consejos de seguridad',
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
