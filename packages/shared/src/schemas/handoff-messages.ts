// No zod here (the JS budget): the hand-off card's states, reasons and limits, re-exported by
// handoffs.ts next to its schemas (decision 086).

/** What happened to an accepted offer after the seller said yes (decision 075). */
export const HANDOFF_STATES = ['reserved', 'completed', 'cancelled'] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

export const HANDOFF_CANCEL_REASONS = ['no_show', 'changed_mind', 'other'] as const;
export type HandoffCancelReason = (typeof HANDOFF_CANCEL_REASONS)[number];

/** The seller confirmed the hand-off: it completes unless the buyer cancels within this time. */
export const HANDOFF_OBJECTION_HOURS = 72;
export const HANDOFF_CANCEL_NOTE_MAX_LENGTH = 300;

export const HANDOFF_STATE_LABELS: Record<HandoffState, string> = {
  reserved: 'Reservado',
  completed: 'Entregado',
  cancelled: 'Cancelado',
};

export const HANDOFF_CANCEL_REASON_LABELS: Record<HandoffCancelReason, string> = {
  no_show: 'La otra persona no se presentó',
  changed_mind: 'Cambié de opinión',
  other: 'Otro motivo',
};

export const HANDOFF_MESSAGES = {
  notFound: 'La entrega no existe.',
  notParty: 'Solo el comprador y el vendedor pueden ver y gestionar esta entrega.',
  notReserved: 'Esta entrega ya fue completada o cancelada.',
  alreadyConfirmed: 'Ya confirmaste esta entrega.',
  reasonRequired: 'Indica el motivo de la cancelación.',
  noteTooLong: `El detalle no puede tener más de ${HANDOFF_CANCEL_NOTE_MAX_LENGTH} caracteres.`,
} as const;
