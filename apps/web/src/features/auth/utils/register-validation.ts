import { zodResolver } from '@hookform/resolvers/zod';
import { registerBodySchema } from '@unimercado/shared/schemas/users';
import type { z } from 'zod';

export type RegisterInput = z.input<typeof registerBodySchema>;
export type RegisterOutput = z.output<typeof registerBodySchema>;

/** The API's own registration rules (spec section 5), loaded lazily by the registration form. */
export const registerResolver = zodResolver(registerBodySchema);
