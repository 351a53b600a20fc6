import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles } from '../../db/schema';
import { assertAdmin, type Actor } from '../../lib/authorization';

export const listRoles = (db: Database, actor: Actor) => {
  assertAdmin(actor);
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
};
