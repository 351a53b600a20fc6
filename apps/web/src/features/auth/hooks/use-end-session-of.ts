import { useAuth } from '@/lib/auth';

/**
 * A link just chose an account's password and the server ended every session of that account:
 * if this browser is signed in as it, its session goes too (another account's stays).
 */
export const useEndSessionOf = () => {
  const { user, signOut } = useAuth();
  return (email: string) => {
    if (user?.email.toLowerCase() === email.toLowerCase()) signOut();
  };
};
