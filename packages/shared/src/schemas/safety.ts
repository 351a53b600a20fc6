import { z } from 'zod';
import { idSchema } from './common';
import { MODERATION_ACTIONS, REPORT_REASONS, type ReportReason } from './safety-labels';

export {
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  type ModerationAction,
  type ReportReason,
} from './safety-labels';

/**
 * Reports and blocks (issue 20, decision 071). Everything a person reads is Spanish; the values
 * a client sends are English keys.
 */
export const REPORT_TARGET_TYPES = ['product', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const REPORT_DETAILS_MAX_LENGTH = 500;

export const SAFETY_MESSAGES = {
  reasonInvalid: 'Elige un motivo de la lista.',
  targetTypeInvalid: 'El tipo de reporte debe ser product, user o message.',
  detailsTooLong: `El detalle no puede superar ${REPORT_DETAILS_MAX_LENGTH} caracteres.`,
  productNotFound: 'El producto no existe.',
  userNotFound: 'El usuario no existe.',
  messageNotFound: 'El mensaje no existe.',
  ownTarget: 'No puedes reportarte a ti mismo ni lo que es tuyo.',
  messageNotYours: 'Solo puedes reportar mensajes que recibiste.',
  alreadyReported: 'Ya reportaste esto; lo estamos revisando.',
  reported: 'Gracias por tu reporte. Lo revisaremos pronto.',
  blockSelf: 'No puedes bloquearte a ti mismo.',
  blocked: 'No puedes escribirle ni hacerle ofertas a este usuario.',
  notBlocked: 'No tienes bloqueado a este usuario.',
  suspendedPermanently:
    'Tu cuenta fue suspendida por incumplir las normas de la comunidad. Si crees que es un error, escríbenos.',
  suspendedUntil: (until: string) =>
    `Tu cuenta está suspendida hasta el ${until} por incumplir las normas de la comunidad.`,
} as const;

/** `POST /api/reports`: what is reported, why, and optionally more in the reporter's words. */
export const createReportBodySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: SAFETY_MESSAGES.targetTypeInvalid }),
  targetId: idSchema,
  reason: z.enum(REPORT_REASON_KEYS, { error: SAFETY_MESSAGES.reasonInvalid }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, SAFETY_MESSAGES.detailsTooLong)
    .nullish(),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/** A report as its reporter sees it. */
export const reportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  reason: z.enum(REPORT_REASON_KEYS),
  details: z.string().nullable(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type Report = z.infer<typeof reportSchema>;

/** `POST /api/blocks`: the member to block. */
export const blockBodySchema = z.object({ userId: idSchema });
export type BlockBody = z.input<typeof blockBodySchema>;

/** `DELETE /api/blocks/:userId`. */
export const blockParamsSchema = z.object({ userId: idSchema });

/** An item of `GET /api/blocks`: a member the caller blocked (id and public name only). */
export const blockedUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/**
 * `GET /api/blocks/:userId`: where the caller stands with a member (decision 081). `isClosed`:
 * either of them blocked the other, so their conversation is closed (neither can write or offer);
 * it does not say who blocked whom, except that `isBlockedByMe` tells the caller their own block.
 */
export const blockStateSchema = z.object({
  userId: z.number().int(),
  isBlockedByMe: z.boolean(),
  isClosed: z.boolean(),
});
export type BlockState = z.infer<typeof blockStateSchema>;

/** Listings reported by this many different members are hidden pending review (decision 071). */
export const AUTO_HIDE_REPORTERS = 3;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Escribe el motivo de la acción.',
  actionInvalid: 'Elige una acción de la lista.',
  daysInvalid: 'La suspensión debe durar entre 1 y 365 días, o ser permanente.',
  handled: 'Estos reportes ya fueron atendidos por otra persona.',
  actionNotForTarget: 'Esta acción no aplica a lo reportado.',
  targetGone: 'Lo reportado ya no existe.',
  notOnAdmin: 'No puedes advertir ni suspender a un administrador.',
  warning: (reason: string) =>
    `Recibiste una advertencia de moderación: ${reason}. Si se repite, tu cuenta puede ser suspendida.`,
  autoHideReason: `Ocultada en espera de revisión: ${AUTO_HIDE_REPORTERS} o más reportes abiertos.`,
} as const;

/** `POST /api/moderation/actions`: one action on every open report of one target. */
export const moderationActionBodySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: SAFETY_MESSAGES.targetTypeInvalid }),
  targetId: idSchema,
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_MESSAGES.actionInvalid }),
  reason: z
    .string({ error: MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(REPORT_DETAILS_MAX_LENGTH, SAFETY_MESSAGES.detailsTooLong),
  /** A suspension's length in days; absent or null: permanent. */
  days: z
    .number({ error: MODERATION_MESSAGES.daysInvalid })
    .int(MODERATION_MESSAGES.daysInvalid)
    .min(1, MODERATION_MESSAGES.daysInvalid)
    .max(365, MODERATION_MESSAGES.daysInvalid)
    .nullish(),
});
export type ModerationActionBody = z.input<typeof moderationActionBodySchema>;

const chatLineSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});

/** One item of the queue: every open report of one target, with what an admin needs to judge. */
export const moderationGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  count: z.number().int(),
  latestAt: z.string(),
  /** The member the reports are about (the listing's seller, the message's sender). */
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  product: z
    .object({
      id: z.number().int(),
      title: z.string(),
      price: z.number(),
      hidden: z.boolean(),
    })
    .nullable(),
  message: chatLineSchema.nullable(),
  conversation: z.array(chatLineSchema),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporterId: z.number().int(),
      reporterName: z.string(),
      reason: z.enum(REPORT_REASON_KEYS),
      details: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ModerationGroup = z.infer<typeof moderationGroupSchema>;

/** An entry of the audit log, newest first. */
export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum([...MODERATION_ACTIONS, 'autoHide']),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  admin: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reason: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
