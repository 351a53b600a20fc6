import { z } from 'zod';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH } from './passkey-messages';

export {
  defaultPasskeyName,
  MAX_PASSKEYS_PER_MEMBER,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
} from './passkey-messages';

/** A passkey as its owner sees it in the profile: never the key itself. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** Null until the first sign-in with it. */
  lastUsedAt: z.string().nullable(),
  /** Synced by a password manager or a platform account (can be used on other devices). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * What `@simplewebauthn/browser`'s `startRegistration` answers (WebAuthn's
 * RegistrationResponseJSON). Only the shape is checked here; the server library checks the rest.
 */
const credentialFields = {
  id: base64url.min(1).max(1_400),
  rawId: base64url.min(1).max(1_400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** What `startAuthentication` answers (WebAuthn's AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

const passkeyNameSchema = z
  .string()
  .trim()
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong);

/** `POST /api/passkeys/options`: a session older than 10 minutes proves the password again. */
export const passkeyOptionsBodySchema = z.object({
  currentPassword: z.string().max(200).nullish(),
});

/** `POST /api/passkeys`: the browser's answer and an optional name (default: the browser's). */
export const addPasskeyBodySchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type AddPasskeyBody = z.input<typeof addPasskeyBodySchema>;

/** `POST /api/auth/passkeys/login`. */
export const passkeyLoginBodySchema = z.object({ response: authenticationResponseSchema });

/** The options handed to `startRegistration` / `startAuthentication` (WebAuthn's JSON forms). */
export const creationOptionsSchema = z.looseObject({ challenge: z.string() });
export type CreationOptions = z.infer<typeof creationOptionsSchema>;

export const requestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
});
export type RequestOptions = z.infer<typeof requestOptionsSchema>;
