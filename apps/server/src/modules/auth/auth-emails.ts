import {
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  VERIFICATION_TOKEN_TTL_HOURS,
} from '@unimercado/shared/constants';
import { campusDateFormat } from '@unimercado/shared/format';
import type { AppConfig } from '../../config/env';
import { greetingFor, renderEmail } from '../../lib/email';
import type { MailMessage } from '../../plugins/mail';

type Config = Pick<AppConfig, 'publicUrl' | 'appName' | 'campusTimeZone'>;

export const verificationLink = (config: Config, token: string) =>
  `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

export const passwordResetLink = (config: Config, token: string) =>
  `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * The verification email. The chosen name is plain text (never a link); whoever did not
 * register is told not to open the link and how to take the address back (decision 010).
 */
export const buildVerificationEmail = (
  config: Config,
  { to, name, token }: { to: string; name: string; token: string },
): MailMessage => {
  const app = config.appName;
  const { text, html } = renderEmail({
    appName: app,
    greeting: greetingFor(name),
    intro: [`Gracias por registrarte en ${app}. Para verificar tu email abre este enlace:`],
    action: { label: 'Verificar mi email', url: verificationLink(config, token) },
    outro: [
      `El enlace vence en ${VERIFICATION_TOKEN_TTL_HOURS} horas y solo se puede usar una vez.`,
      `¿No te registraste tú? Alguien escribió esta dirección al crear una cuenta. No abras el enlace: sin él esa cuenta no se activa. Si quieres usar ${app} con esta dirección, regístrate en ${config.publicUrl}/register; tu registro reemplaza al que quedó pendiente.`,
    ],
  });
  return { to, subject: `Verifica tu email en ${app}`, text, html };
};

export const buildPasswordResetEmail = (
  config: Config,
  { to, name, token }: { to: string; name: string; token: string },
): MailMessage => {
  const app = config.appName;
  const { text, html } = renderEmail({
    appName: app,
    greeting: greetingFor(name),
    intro: [
      `Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${app}. Para elegir una nueva abre este enlace:`,
    ],
    action: { label: 'Elegir una nueva contraseña', url: passwordResetLink(config, token) },
    outro: [
      `El enlace vence en ${PASSWORD_RESET_TOKEN_TTL_MINUTES} minutos y solo se puede usar una vez. Al cambiar la contraseña se cerrarán todas tus sesiones.`,
      '¿No lo pediste tú? Ignora este mensaje: tu contraseña sigue siendo la misma.',
    ],
  });
  return { to, subject: `Restablece tu contraseña de ${app}`, text, html };
};

/**
 * Sent after every password change, to the address the account had before the change. The time
 * is the campus's, with the zone named: the reader may be elsewhere (decision 050).
 */
export const buildPasswordChangedEmail = (
  config: Config,
  { to, name, at }: { to: string; name: string; at: Date },
): MailMessage => {
  const app = config.appName;
  const { text, html } = renderEmail({
    appName: app,
    greeting: greetingFor(name),
    intro: [
      `La contraseña de tu cuenta de ${app} se cambió el ${campusDateFormat(config.campusTimeZone).formatDateTimeWithZone(at)}. Todas las sesiones abiertas con la contraseña anterior se cerraron.`,
      'Si fuiste tú, no tienes que hacer nada.',
      `Si no fuiste tú, alguien más puede estar usando tu cuenta: restablece tu contraseña ahora con este enlace y revisa los datos de tu perfil.`,
    ],
    action: { label: 'Restablecer mi contraseña', url: `${config.publicUrl}/forgot-password` },
    outro: [],
  });
  return { to, subject: `Tu contraseña de ${app} cambió`, text, html };
};
