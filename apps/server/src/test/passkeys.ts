import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for server tests (the browser journey uses Chromium's virtual one):
 * an ES256 key pair, a counter, and WebAuthn's byte layouts (authenticator data, `none`
 * attestation, assertion signature over authData || SHA-256(clientDataJSON)).
 */
export type SoftAuthenticator = {
  credentialId: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  counter: number;
};

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export const createAuthenticator = (): SoftAuthenticator => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  return {
    credentialId: randomBytes(16),
    privateKey,
    cosePublicKey: isoCBOR.encode(cose),
    counter: 0,
  };
};

type Ceremony = {
  rpId: string;
  origin: string;
  challenge: string;
  /** Answer without user verification (a tap only). */
  withoutUserVerification?: boolean;
};

const authenticatorData = (
  authenticator: SoftAuthenticator,
  { rpId, withoutUserVerification }: Ceremony,
  attested: boolean,
) => {
  const flags = FLAG_UP | (withoutUserVerification ? 0 : FLAG_UV) | (attested ? FLAG_AT : 0);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(authenticator.counter);
  const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), counter];
  if (attested) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(authenticator.credentialId.length);
    parts.push(
      Buffer.alloc(16),
      length,
      authenticator.credentialId,
      Buffer.from(authenticator.cosePublicKey),
    );
  }
  return Buffer.concat(parts);
};

const clientData = (type: string, { challenge, origin }: Ceremony) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** What `startRegistration` would answer for `options`. */
export const attest = (authenticator: SoftAuthenticator, ceremony: Ceremony) => {
  const attestationObject = isoCBOR.encode(
    new Map<string, Parameters<typeof isoCBOR.encode>[0]>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authenticatorData(authenticator, ceremony, true)],
    ]),
  );
  const id = b64url(authenticator.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', ceremony)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
};

/** What `startAuthentication` would answer; the counter goes up first, as a real one's does. */
export const assert = (
  authenticator: SoftAuthenticator,
  ceremony: Ceremony & { userHandle?: string; counterStep?: number },
) => {
  authenticator.counter += ceremony.counterStep ?? 1;
  const data = authenticatorData(authenticator, ceremony, false);
  const client = clientData('webauthn.get', ceremony);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), authenticator.privateKey);
  const id = b64url(authenticator.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      ...(ceremony.userHandle === undefined ? {} : { userHandle: ceremony.userHandle }),
    },
    clientExtensionResults: {},
  };
};

/** The user handle the server gives member `userId` (passkeys.service's). */
export const userHandleFor = (userId: number) => b64url(`um:${userId}`);
