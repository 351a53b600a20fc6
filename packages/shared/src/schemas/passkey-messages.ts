// No zod here (the profile's and login page's JS budget): passkeys.ts re-exports these.

/** A member keeps at most this many passkeys (each phone, laptop or security key is one). */
export const MAX_PASSKEYS_PER_MEMBER = 10;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PASSKEY_MESSAGES = {
  challengeInvalid: 'La solicitud de la llave de acceso caducó o ya se usó. Inténtalo de nuevo.',
  notRecognized: 'No reconocemos esta llave de acceso. Entra con tu contraseña.',
  verificationFailed: 'No se pudo comprobar la llave de acceso. Inténtalo de nuevo.',
  alreadyRegistered: 'Esta llave de acceso ya está registrada.',
  limitReached: 'Alcanzaste el máximo de llaves de acceso. Elimina una para añadir otra.',
  notFound: 'Llave de acceso no encontrada.',
  nameTooLong: 'El nombre puede tener como máximo 60 caracteres.',
} as const;

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * The name a new passkey gets when its owner gives none: the browser and system it was made on
 * ('Chrome en Android'), from the User-Agent; 'Llave de acceso' when neither is known.
 */
export const defaultPasskeyName = (userAgent: string | undefined) => {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? 'Llave de acceso';
};
