import { hrefs } from '@/config/paths';

/**
 * What the chat page receives when someone is contacted from a public profile or a product
 * (spec section 2; decision 006): navigation state plus `?userId=` in the URL, so a reload keeps
 * the selection.
 */
export type ChatContactState = {
  selectedUserId: number;
  selectedUserName: string;
  initialMessage: string;
};

export const buildChatContact = (user: { id: number; name: string }, initialMessage: string) => ({
  to: hrefs.chatWith(user.id),
  state: {
    selectedUserId: user.id,
    selectedUserName: user.name,
    initialMessage,
  } satisfies ChatContactState,
});

/** The greeting prefilled when contacting a seller about a product. */
export const buildProductGreeting = (sellerName: string, productTitle: string): string =>
  `¡Hola${sellerName ? ` ${sellerName.split(/\s+/)[0]}` : ''}! Me interesa tu producto "${productTitle}". ¿Sigue disponible?`;

const isPositiveId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Reads the hand-off from navigation state, falling back to `?userId=` (e.g. after a reload). */
export const readChatContact = (
  state: unknown,
  search: string,
): { userId: number; name: string | null; initialMessage: string } | null => {
  const candidate = state as Partial<ChatContactState> | null | undefined;
  if (candidate && isPositiveId(candidate.selectedUserId)) {
    return {
      userId: candidate.selectedUserId,
      name: typeof candidate.selectedUserName === 'string' ? candidate.selectedUserName : null,
      initialMessage: typeof candidate.initialMessage === 'string' ? candidate.initialMessage : '',
    };
  }
  const raw = new URLSearchParams(search).get('userId');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isPositiveId(id) ? { userId: id, name: null, initialMessage: '' } : null;
};
