import { buildChatContact as buildContact } from '@/lib/chat-contact';

export type { ChatContactState } from '@/lib/chat-contact';

export const buildGreeting = (name: string, appName: string): string =>
  `¡Hola${name ? ` ${name.split(/\s+/)[0]}` : ''}! Vi tu perfil en ${appName} y me gustaría hablar contigo.`;

/** The contact icon shows only for a signed-in viewer who is not the profile's owner. */
export const canContact = (viewerId: number | null | undefined, profileUserId: number): boolean =>
  viewerId != null && viewerId !== profileUserId;

/** The profile's contact icon: select that user in the chat with a prefilled greeting. */
export const buildChatContact = (user: { id: number; name: string }, appName: string) =>
  buildContact(user, buildGreeting(user.name, appName));

/** `/user/:userId` must be a positive whole number. */
export const parseUserId = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
