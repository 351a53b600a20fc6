import { z } from 'zod';
import { MAX_ID } from '../constants';

export const roleSchema = z.object({ id: z.number().int(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;

/** `POST /api/users/{id}/roles` takes the array of role ids that replaces the user's roles. */
export const replaceRolesBodySchema = z
  .array(z.number().int().positive().max(MAX_ID))
  .min(1, 'Selecciona al menos un rol')
  .max(20);
export type ReplaceRolesBody = z.infer<typeof replaceRolesBodySchema>;
