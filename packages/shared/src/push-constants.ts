// No zod here (issue 7's JS budget): the push categories and which notification type belongs to
// which, used by the server's sender and the profile's switches. schemas/push.ts re-exports them.
import { NOTIFICATION_TYPES } from './constants';

/**
 * What a member can switch on or off for push, each on its own (issue 21). The order is the
 * profile's.
 */
export const PUSH_CATEGORIES = [
  'messages',
  'offers',
  'offerAnswers',
  'handoffReminders',
  'savedSearches',
] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/**
 * THE table from a notification's type to its push category (decision 092). A type that is not
 * here (a moderation notice) is shown in the app and never pushed. Whoever adds a notification
 * type that should reach a phone adds one line here: the sender, the preferences and the tests
 * read this table only.
 */
export const PUSH_CATEGORY_OF_TYPE: Readonly<Partial<Record<number, PushCategory>>> = {
  [NOTIFICATION_TYPES.message]: 'messages',
  [NOTIFICATION_TYPES.newOffer]: 'offers',
  [NOTIFICATION_TYPES.offerAnswered]: 'offerAnswers',
  [NOTIFICATION_TYPES.savedSearch]: 'savedSearches',
};

/** The push category of a notification type, if it is pushed at all. */
export const pushCategoryOf = (typeId: number): PushCategory | undefined =>
  PUSH_CATEGORY_OF_TYPE[typeId];

/**
 * How long a conversation counts as being looked at after the web client said so: it repeats the
 * signal while the conversation stays open and visible (decision 092).
 */
export const CHAT_FOCUS_TTL_MS = 90_000;
export const CHAT_FOCUS_REFRESH_MS = 60_000;
