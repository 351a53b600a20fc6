import { z } from 'zod';
import { idSchema, paginationQuerySchema } from './common';

/**
 * Campus meet-up spots and meet-up proposals between the two parties of a hand-off (issue 20,
 * decisions 082–084).
 */

export const MEETUP_SPOT_LIMITS = {
  nameMaxLength: 80,
  areaMaxLength: 120,
  openingHoursMaxLength: 120,
  descriptionMaxLength: 300,
  /** Spots a seller may mark on one listing. */
  perProduct: 10,
} as const;

/** A proposal's start: in the future and at most this many days ahead. */
export const MEETUP_MAX_DAYS_AHEAD = 30;
/** The reminder goes out this long before an accepted meet-up. */
export const MEETUP_REMINDER_MINUTES = 60;

export const MEETUP_STATES = ['proposed', 'accepted', 'declined', 'superseded'] as const;
export type MeetupState = (typeof MEETUP_STATES)[number];

export const MEETUP_STATE_LABELS: Record<MeetupState, string> = {
  proposed: 'Pendiente de respuesta',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  superseded: 'Reemplazada por otra propuesta',
};

export const MEETUP_MESSAGES = {
  spotNotFound: 'El punto de encuentro no existe.',
  spotUnavailable: 'Ese punto de encuentro no existe o ya no está disponible.',
  nameRequired: 'Escribe el nombre del punto de encuentro.',
  nameTooLong: `El nombre no puede tener más de ${MEETUP_SPOT_LIMITS.nameMaxLength} caracteres.`,
  nameTaken: 'Ya existe un punto de encuentro con ese nombre.',
  areaRequired: 'Indica el edificio o la zona.',
  areaTooLong: `El edificio o la zona no puede tener más de ${MEETUP_SPOT_LIMITS.areaMaxLength} caracteres.`,
  openingHoursRequired: 'Indica el horario.',
  openingHoursTooLong: `El horario no puede tener más de ${MEETUP_SPOT_LIMITS.openingHoursMaxLength} caracteres.`,
  descriptionTooLong: `La descripción no puede tener más de ${MEETUP_SPOT_LIMITS.descriptionMaxLength} caracteres.`,
  coordinatesPair: 'Indica la latitud y la longitud juntas, o ninguna.',
  latitudeInvalid: 'La latitud debe estar entre -90 y 90.',
  longitudeInvalid: 'La longitud debe estar entre -180 y 180.',
  tooManySpots: `Puedes marcar como máximo ${MEETUP_SPOT_LIMITS.perProduct} puntos de encuentro.`,
  startsAtInvalid: 'Indica la fecha y la hora del encuentro.',
  startsAtPast: 'La fecha del encuentro debe ser en el futuro.',
  startsAtTooFar: `La fecha del encuentro debe estar dentro de los próximos ${MEETUP_MAX_DAYS_AHEAD} días.`,
  proposalNotFound: 'La propuesta de encuentro no existe.',
  pendingExists:
    'Ya hay una propuesta de encuentro pendiente. Respóndela o propón otra en su lugar.',
  counterStale: 'La propuesta que quieres reemplazar ya fue respondida o reemplazada.',
  notPending: 'Esta propuesta ya fue respondida o reemplazada.',
  ownProposal: 'Solo la otra persona puede aceptar o rechazar tu propuesta.',
  startsAtPassed: 'La hora de esta propuesta ya pasó. Propón otra.',
} as const;

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const latitudeSchema = z.number({ error: MEETUP_MESSAGES.latitudeInvalid }).min(-90).max(90);
const longitudeSchema = z.number({ error: MEETUP_MESSAGES.longitudeInvalid }).min(-180).max(180);

/** `POST /api/meetup-spots` and `PUT /api/meetup-spots/{id}` (admins): the whole spot. */
export const meetupSpotBodySchema = z
  .object({
    name: text(
      MEETUP_MESSAGES.nameRequired,
      MEETUP_SPOT_LIMITS.nameMaxLength,
      MEETUP_MESSAGES.nameTooLong,
    ),
    area: text(
      MEETUP_MESSAGES.areaRequired,
      MEETUP_SPOT_LIMITS.areaMaxLength,
      MEETUP_MESSAGES.areaTooLong,
    ),
    openingHours: text(
      MEETUP_MESSAGES.openingHoursRequired,
      MEETUP_SPOT_LIMITS.openingHoursMaxLength,
      MEETUP_MESSAGES.openingHoursTooLong,
    ),
    description: z
      .string()
      .trim()
      .max(MEETUP_SPOT_LIMITS.descriptionMaxLength, MEETUP_MESSAGES.descriptionTooLong)
      .default(''),
    latitude: latitudeSchema.nullable().default(null),
    longitude: longitudeSchema.nullable().default(null),
    isActive: z.boolean().default(true),
  })
  .refine((spot) => (spot.latitude === null) === (spot.longitude === null), {
    message: MEETUP_MESSAGES.coordinatesPair,
    path: ['latitude'],
  });
export type MeetupSpotBody = z.input<typeof meetupSpotBodySchema>;
export type MeetupSpotInput = z.output<typeof meetupSpotBodySchema>;

export const meetupSpotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.string(),
  openingHours: z.string(),
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isActive: z.boolean(),
});
export type MeetupSpot = z.infer<typeof meetupSpotSchema>;

/** `GET /api/meetup-spots`: active spots by name; admins may ask for the inactive ones too. */
export const meetupSpotListQuerySchema = paginationQuerySchema.extend({
  includeInactive: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** `DELETE /api/meetup-spots/{id}`: a spot in use is deactivated instead (`deleted: false`). */
export const deleteMeetupSpotResponseSchema = z.object({
  deleted: z.boolean(),
  spot: meetupSpotSchema.nullable(),
});

/** The product body's optional extension (spec clients never send it). */
export const meetupSpotIdsSchema = z
  .array(idSchema)
  .max(MEETUP_SPOT_LIMITS.perProduct, MEETUP_MESSAGES.tooManySpots)
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/handoffs/{id}/meetups`. */
export const createMeetupBodySchema = z.object({
  spotId: idSchema,
  startsAt: z.iso.datetime({ offset: true, error: MEETUP_MESSAGES.startsAtInvalid }),
  /** The pending proposal this one replaces (a counter-proposal). */
  counterTo: idSchema.optional(),
});
export type CreateMeetupBody = z.input<typeof createMeetupBodySchema>;
export type CreateMeetupInput = z.output<typeof createMeetupBodySchema>;

/** A meet-up proposal; also the `meetup` of the chat message that carries it. */
export const meetupSchema = z.object({
  id: z.number().int(),
  handoffId: z.number().int(),
  proposerId: z.number().int(),
  spot: z.object({ id: z.number().int(), name: z.string(), area: z.string() }),
  startsAt: z.string().describe('ISO-8601, UTC'),
  state: z.enum(MEETUP_STATES),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type Meetup = z.infer<typeof meetupSchema>;
