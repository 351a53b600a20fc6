import { z } from 'zod';
import { idSchema } from './common';

/**
 * Reports and blocks (issue 20, decision 071). Everything a person reads is Spanish; the values
 * a client sends are English keys.
 */
export const REPORT_TARGET_TYPES = ['product', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

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
