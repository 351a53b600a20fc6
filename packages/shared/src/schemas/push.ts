import { z } from 'zod';
import { PUSH_CATEGORIES, type PushCategory } from '../push-constants';

export * from '../push-constants';

export const PUSH_MESSAGES = {
  endpoint: 'La dirección de la suscripción push no es válida.',
  keys: 'Las claves de la suscripción push no son válidas.',
  notFound: 'No tienes esa suscripción push.',
  unavailable: 'Las notificaciones push no están disponibles en este servidor.',
} as const;

/** Push service endpoints are long URLs with an opaque token; browsers' stay well under this. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
/** Subscriptions one member keeps (browsers and devices); the oldest goes past it. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

const base64Url = (max: number) =>
  z
    .string({ error: PUSH_MESSAGES.keys })
    .min(16, PUSH_MESSAGES.keys)
    .max(max, PUSH_MESSAGES.keys)
    .regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MESSAGES.keys);

const endpointSchema = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_MESSAGES.endpoint)
  .refine((value) => {
    try {
      const url = new URL(value);
      // Push services are reached over https only (RFC 8030); web-push sends nothing else.
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, PUSH_MESSAGES.endpoint);

/** `GET /api/push/public-key`: the server's VAPID public key (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** `POST /api/push/subscriptions`: what `PushSubscription.toJSON()` gives. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64Url(200), auth: base64Url(100) }, { error: PUSH_MESSAGES.keys }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  createdAt: z.string().describe('ISO-8601, UTC'),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: the endpoint of the caller's own subscription. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });

const preferenceShape = Object.fromEntries(
  PUSH_CATEGORIES.map((category) => [category, z.boolean()]),
) as Record<PushCategory, z.ZodBoolean>;

/** `GET /api/push/preferences`: every category, on or off. */
export const pushPreferencesSchema = z.object(preferenceShape);
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** `PUT /api/push/preferences`: the categories to change (at least one). */
export const pushPreferencesBodySchema = pushPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Indica al menos una categoría.');

/** What a push carries (encrypted, RFC 8291); the service worker shows it. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where tapping it leads, a path of the app. */
  url: z.string(),
  /** One notification on screen per tag (a newer one replaces it). */
  tag: z.string(),
  notificationId: z.number().int(),
  typeId: z.number().int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `SEND /app/chat.focus`: the conversation the web client shows, or stopped showing. */
export const chatFocusSchema = z.object({
  partnerId: z.number().int().positive().max(2_147_483_647),
  isFocused: z.boolean(),
});
