import { campusDateFormat } from '@unimercado/shared/format';
import type { AppConfig } from '../../config/env';
import { greetingFor, plainText, renderEmail } from '../../lib/email';
import type { MailMessage } from '../../plugins/mail';

type Config = Pick<AppConfig, 'publicUrl' | 'appName' | 'campusTimeZone'>;

/**
 * Sent when a passkey is added (decision 067): a new way into the account is as worth knowing
 * about as a password change, and the owner can remove one they did not add from the profile.
 */
export const buildPasskeyAddedEmail = (
  config: Config,
  { to, name, passkeyName, at }: { to: string; name: string; passkeyName: string; at: Date },
): MailMessage => {
  const app = config.appName;
  const { text, html } = renderEmail({
    appName: app,
    greeting: greetingFor(name),
    intro: [
      `Se añadió la llave de acceso «${plainText(passkeyName)}» a tu cuenta de ${app} el ${campusDateFormat(config.campusTimeZone).formatDateTimeWithZone(at)}. Con ella se puede entrar sin contraseña.`,
      'Si fuiste tú, no tienes que hacer nada.',
      'Si no fuiste tú, elimínala en tu perfil (Llaves de acceso) y cambia tu contraseña.',
    ],
    action: { label: 'Revisar mis llaves de acceso', url: `${config.publicUrl}/profile` },
    outro: [],
  });
  return { to, subject: `Nueva llave de acceso en tu cuenta de ${app}`, text, html };
};
