import { hrefs } from '@/config/paths';

/** What the chat page receives when a profile's contact icon is used (spec section 2). */
export type ChatContactState = {
  selectedUserId: number;
  selectedUserName: string;
  initialMessage: string;
};

export const buildGreeting = (name: string, appName: string): string =>
  `¡Hola${name ? ` ${name.split(/\s+/)[0]}` : ''}! Vi tu perfil en ${appName} y me gustaría hablar contigo.`;

/** The contact icon shows only for a signed-in viewer who is not the profile's owner. */
export const canContact = (viewerId: number | null | undefined, profileUserId: number): boolean =>
  viewerId != null && viewerId !== profileUserId;

export const buildChatContact = (user: { id: number; name: string }, appName: string) => ({
  to: hrefs.chatWith(user.id),
  state: {
    selectedUserId: user.id,
    selectedUserName: user.name,
    initialMessage: buildGreeting(user.name, appName),
  } satisfies ChatContactState,
});

/** `/user/:userId` must be a positive whole number. */
export const parseUserId = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
