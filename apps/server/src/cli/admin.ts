import { setAdminByEmail } from '../modules/users/admin-grants';
import { createRedisBus } from '../plugins/bus';
import { closeRedis, connectRedis } from '../plugins/redis';
import { runWithDatabase } from './run';

const USAGE = 'Uso: npm run admin -- grant <email>   |   npm run admin -- revoke <email>';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error(USAGE);
  process.exit(2);
}

await runWithDatabase(async (handle, config) => {
  // With REDIS_URL the running instances hear the revocation at once (their session caches and
  // sockets); without it, no other process can be holding sessions of this database... except a
  // PostgreSQL server started without Redis, whose caches notice within their short lifetime.
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, config.redisPrefix, (error) => console.error(error))
    : null;
  const bus = redis ? createRedisBus(redis, { error: (object) => console.error(object) }) : null;
  const result = await setAdminByEmail(
    { db: handle.db, now: () => new Date(), bus },
    email,
    command === 'grant',
  ).finally(() => (redis ? closeRedis(redis) : undefined));
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
