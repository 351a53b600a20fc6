import {
  HANDOFF_CANCEL_NOTE_MAX_LENGTH,
  HANDOFF_CANCEL_REASON_LABELS,
  HANDOFF_OBJECTION_HOURS,
  HANDOFF_STATE_LABELS,
} from '@unimercado/shared/schemas/handoff-messages';

/** Spanish texts of the hand-off card (issue 20, decisions 075 and 086). */
export const HANDOFF_TEXTS = {
  sectionTitle: 'Entregas en curso',
  cardLabel: (title: string) => `Entrega de ${title}`,
  states: HANDOFF_STATE_LABELS,
  seller: 'Vendedor',
  buyer: 'Comprador',
  conversation: 'Ver conversación',
  conversationWith: (name: string) => `Ver conversación con ${name}`,
  meetupTitle: 'Encuentro',
  meetupPending: 'Propuesta pendiente',
  meetupNone: 'Aún no acordaron dónde y cuándo encontrarse. Propónganlo en el chat.',
  reservedBuyer: 'Reservado para ti. Paga en persona, cuando tengas el producto en la mano.',
  reservedSeller: 'Reservado para este comprador: no recibe ofertas nuevas.',
  sellerConfirmedSeller: (date: string) =>
    `Confirmaste la entrega. Se dará por completada el ${date} si el comprador no la cancela antes.`,
  sellerConfirmedBuyer: (date: string) =>
    `El vendedor confirmó la entrega. Si no la recibiste, cancélala antes del ${date}; si no, se dará por completada.`,
  completed: 'Entrega completada.',
  confirm: 'Confirmar entrega',
  confirmTitle: 'Confirmar entrega',
  confirmBuyer: (title: string) =>
    `¿Ya recibiste «${title}»? La entrega quedará completada y podrás calificar al vendedor. Esta acción no se puede deshacer.`,
  confirmSeller: (title: string, buyer: string) =>
    `¿Entregaste «${title}» a ${buyer}? Si no la cancela en ${HANDOFF_OBJECTION_HOURS} horas, la entrega se dará por completada.`,
  confirming: 'Confirmando...',
  confirmError: 'No se pudo confirmar la entrega. Intenta nuevamente.',
  confirmed: 'Entrega confirmada.',
  cancel: 'Cancelar reserva',
  cancelTitle: 'Cancelar reserva',
  cancelIntro: (title: string) =>
    `«${title}» volverá a estar disponible y la oferta quedará cancelada. Les avisaremos a los dos.`,
  reasonLabel: 'Motivo',
  reasons: HANDOFF_CANCEL_REASON_LABELS,
  noteLabel: 'Detalle (opcional)',
  noteMaxLength: HANDOFF_CANCEL_NOTE_MAX_LENGTH,
  back: 'Volver',
  cancelling: 'Cancelando...',
  cancelError: 'No se pudo cancelar la reserva. Intenta nuevamente.',
  cancelled: 'Reserva cancelada: el producto vuelve a estar disponible.',
  rate: 'Calificar producto',
  rated: 'Ya calificado',
  safetyTips: 'Consejos de seguridad',
  loadError: 'No se pudieron cargar tus entregas.',
} as const;
