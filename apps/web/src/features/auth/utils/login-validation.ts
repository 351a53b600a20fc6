import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@unimercado/shared/schemas/auth-messages';
import { z } from 'zod';

// Both fields required with the one message of spec section 5. Loaded lazily by the login form.
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MESSAGES.loginRequired),
  password: z.string().min(1, AUTH_MESSAGES.loginRequired),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const loginResolver = zodResolver(loginFormSchema);
