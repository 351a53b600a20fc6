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

/**
 * `productId`: the product the conversation is about (decision 099), kept in the URL
 * (`&productId=`) so a reload still shows it at the top.
 */
export const buildChatContact = (
  user: { id: number; name: string },
  initialMessage: string,
  productId?: number,
) => ({
  to: hrefs.chatWith(user.id, productId),
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

/** A positive id written in a query parameter, or null. */
const idParam = (params: URLSearchParams, name: string) => {
  const raw = params.get(name);
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isPositiveId(id) ? id : null;
};

/**
 * Reads the hand-off from navigation state, falling back to `?userId=` (e.g. after a reload); the
 * product the conversation is about is always the URL's `productId` (decision 099).
 */
export const readChatContact = (
  state: unknown,
  search: string,
): {
  userId: number;
  name: string | null;
  initialMessage: string;
  productId: number | null;
} | null => {
  const params = new URLSearchParams(search);
  const productId = idParam(params, 'productId');
  const candidate = state as Partial<ChatContactState> | null | undefined;
  if (candidate && isPositiveId(candidate.selectedUserId)) {
    return {
      userId: candidate.selectedUserId,
      name: typeof candidate.selectedUserName === 'string' ? candidate.selectedUserName : null,
      initialMessage: typeof candidate.initialMessage === 'string' ? candidate.initialMessage : '',
      productId,
    };
  }
  const userId = idParam(params, 'userId');
  return userId === null ? null : { userId, name: null, initialMessage: '', productId };
};
