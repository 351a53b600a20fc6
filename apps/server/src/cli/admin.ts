import { setAdminByEmail } from '../modules/users/admin-grants';
import { runWithDatabase } from './run';

const USAGE = 'Uso: npm run admin -- grant <email>   |   npm run admin -- revoke <email>';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error(USAGE);
  process.exit(2);
}

await runWithDatabase(async (handle) => {
  const result = await setAdminByEmail(handle.db, email, command === 'grant');
  const messages = {
    granted: `${email} ahora es administrador (debe volver a iniciar sesión).`,
    revoked: `${email} ya no es administrador.`,
    unchanged:
      command === 'grant' ? `${email} ya era administrador.` : `${email} no era administrador.`,
    'not-found': `No existe una cuenta activa con el email ${email}. Regístrala primero.`,
    'last-admin': `No se puede quitar el rol a ${email}: es el último administrador.`,
  } as const;
  const ok = result === 'granted' || result === 'revoked' || result === 'unchanged';
  (ok ? console.log : console.error)(messages[result]);
  return ok ? 0 : 1;
});
