import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles } from '../../db/schema';

export const listRoles = (db: Database) =>
  db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.id));
