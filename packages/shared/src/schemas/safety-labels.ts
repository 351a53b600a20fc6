/*
 * The Spanish labels of report reasons and moderation actions (decision 071), kept apart from the
 * zod schemas (safety.ts) so the web pages that only show them do not load zod (decision 079).
 */

/** The short list a reporter picks from, with the Spanish label each shows. */
export const REPORT_REASONS = {
  scam: 'Estafa o fraude',
  prohibited: 'Producto prohibido o ilegal',
  offensive: 'Contenido ofensivo o acoso',
  spam: 'Spam o publicidad',
  misleading: 'Información falsa o engañosa',
  other: 'Otro motivo',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;

export const MODERATION_ACTIONS = [
  'hideListing',
  'removeMessage',
  'warn',
  'suspend',
  'dismiss',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The audit log's Spanish name of every action (`autoHide` is the system's own). */
export const MODERATION_ACTION_LABELS: Record<ModerationAction | 'autoHide', string> = {
  hideListing: 'Ocultar publicación',
  removeMessage: 'Eliminar mensaje',
  warn: 'Advertir al usuario',
  suspend: 'Suspender al usuario',
  dismiss: 'Descartar reportes',
  autoHide: 'Ocultada automáticamente por varios reportes',
};
