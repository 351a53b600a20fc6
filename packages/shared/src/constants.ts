/**
 * Business constants and limits from the spec (section 9). Both the server and the web app read
 * them from here so a limit is defined once.
 */
export const DEFAULT_APP_NAME = 'UniMercado';

export const ROLE_USER = 'ROLE_USER';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_NAMES = [ROLE_USER, ROLE_ADMIN] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Local storage keys of the session (spec sections 3 and 4). */
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

export const TITLE_MAX_LENGTH = 40;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 1024 * 1024;
export const PRODUCT_CONDITIONS = ['Nuevo', 'Seminuevo', 'Usado'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const PRODUCT_CONDITION_FILTERS = ['NUEVO', 'SEMINUEVO', 'USADO'] as const;
export type ProductConditionFilter = (typeof PRODUCT_CONDITION_FILTERS)[number];
/** 'nuevo', 'NUEVO' or 'Nuevo' (filters use the upper-case form) → the stored 'Nuevo'. */
export const toProductCondition = (value: string): ProductCondition | undefined =>
  PRODUCT_CONDITIONS.find((condition) => condition.toLowerCase() === value.trim().toLowerCase());

export const LOCATION_MAX_LENGTH = 100;
/** Prices are whole or cent amounts above 0 and below a billion pesos. */
export const PRICE_MAX = 999_999_999;
export const SEARCH_MAX_LENGTH = 100;
/** Sorts of the product lists; `relevance` needs a search text (newest otherwise). */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'relevance'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/**
 * Decompression-bomb guard: an image may declare at most this many pixels (a 50-megapixel phone
 * photo fits; a 1 MB PNG of 20000×20000 does not).
 */
export const MAX_IMAGE_PIXELS = 52_000_000;
/**
 * Decompression-bomb guard on what decoding would produce (width × height × channels × bytes per
 * channel, read from the header): a 52-megapixel 8-bit RGB photo fits; the same size in 16 bits
 * per channel, or with an alpha channel, does not (decision 041).
 */
export const MAX_IMAGE_DECODED_BYTES = MAX_IMAGE_PIXELS * 3;
/** Recent listings on the home page. */
export const HOME_RECENT_COUNT = 8;

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so hashing cost stays bounded (argon2 on megabytes of input is a DoS vector). */
export const PASSWORD_MAX_LENGTH = 128;
/** Registration is enabled once this share (percent) of the five fields is filled. */
export const REGISTER_MIN_COMPLETION = 80;
export const REGISTER_FIELD_COUNT = 5;

/** Ids are PostgreSQL `integer`s: a larger one can name no row and must not reach a query. */
export const MAX_ID = 2_147_483_647;

export const PAGE_SIZE = 12;
/** The largest page a client that pages may ask for (`size`). */
export const MAX_PAGE_SIZE = 100;
/**
 * A list asked for without `size` answers the whole list up to this many, with the total in
 * `X-Total-Count`: the spec's client pages nothing itself (decision 039).
 */
export const LIST_CAP = 500;
export const CARD_TITLE_MAX = 23;
export const CARD_DESCRIPTION_MAX = 30;
export const MAX_INITIALS = 2;

export const NARROW_BREAKPOINT_PX = 1030;
export const BOTTOM_BAR_HIDE_SCROLL_PX = 100;
export const CHAT_SINGLE_VIEW_BREAKPOINT_PX = 650;

export const PUBLISH_REDIRECT_MS = 1500;
export const OFFER_DIALOG_CLOSE_MS = 2000;
export const PROFILE_EDIT_CLOSE_MS = 1000;

/**
 * The brand's colours, defined once (conventions.md, "Look and feel"): the web theme's palette,
 * the page's theme-color and the installable app's manifest (decision 091) read them.
 */
export const BRAND_COLORS = {
  primary: '#6200ea',
  secondary: '#03dac6',
  background: '#f6f4fb',
} as const;

/** What the app is, in one line: the pages' meta description and the app manifest's (091). */
export const APP_DESCRIPTION =
  'Compra y vende artículos de segunda mano dentro de tu comunidad universitaria.';

/** 4: a moderation notice (a warning; decision 071), made only by the server. */
export const NOTIFICATION_TYPES = {
  message: 1,
  offerAnswered: 2,
  newOffer: 3,
  moderation: 4,
  /** New listings for a saved search (issue 21): one per search, updated while unread. */
  savedSearch: 5,
} as const;

/** Saved searches a member may keep (issue 21). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;

/** Email verification links stay valid this long. */
export const VERIFICATION_TOKEN_TTL_HOURS = 24;

/** Password reset links stay valid this long (decision 010). */
export const PASSWORD_RESET_TOKEN_TTL_MINUTES = 60;

/**
 * Changing the password or the email needs the current password, or a sign-in at most this old
 * (decision 010): a stolen old token is not enough to take an account over.
 */
export const RECENT_SIGN_IN_MINUTES = 10;

/** Header carrying the total of a paginated list (here, not in schemas/common: no zod needed). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The Notifications page shows this many per page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
