/**
 * The authorization matrix (issue 22): ONE table of every route the server answers and every
 * STOMP destination, with the answer each kind of caller must get. `src/authz-matrix.test.ts`
 * creates the resources and checks every cell on both databases; a route the server registers
 * that is missing here fails that test, so no new route can skip the table.
 *
 * The callers, in the order of every `expect` tuple:
 *   anonymous   no token at all
 *   unverified  a signed-in member who has not verified their email
 *   owner       the verified member who owns the resource the URL names (their account, their
 *               listing, the offer on their listing, their notification); on routes without a
 *               resource, a verified member
 *   other       another verified member, who owns none of it
 *   admin       a verified member with ROLE_ADMIN, who owns none of it
 *
 * Placeholders, replaced for every cell by resources made fresh for that cell:
 *   {owner} {ownerEmail}   the owner's id and address; {unverifiedEmail} the unverified member's
 *   {buyer}                a verified member who made {offer} and sent the owner a chat message
 *   {product}              an available listing of the owner, with {offer} pending on it
 *   {offer}                {buyer}'s pending offer on {product}
 *   {notification}         the owner's notification of {offer}
 *   {bought}               a listing the owner bought (accepted offer) from {buyer}
 *   {handoff}              that accepted offer: its hand-off, reserved (the owner is its buyer)
 *   {category} {roleUser}  the first category's id; ROLE_USER's id
 *   {newEmail}             an address nobody has registered
 *   {photo}                the path of a photo the owner uploaded (/uploads/...)
 *   {passkey}              a passkey of the owner
 *   {spot} {tomorrow}      a meet-up spot nothing names; an instant a day ahead (ISO)
 *   {meetup}               a meet-up proposal on {handoff} by its seller ({buyer}), for the owner
 *   {savedSearch}          a saved search of the owner
 * A string that is exactly a placeholder naming an id becomes that number in a JSON body.
 */

export const CALLERS = ['anonymous', 'unverified', 'owner', 'other', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** One status per caller, in CALLERS order. */
export type Expected = readonly [number, number, number, number, number];

export type HttpRow = {
  /** `METHOD path` as Fastify registers it (`:id`, `*`); HEAD follows GET and is not listed. */
  route: string;
  url: string;
  /** JSON body; `'photo'` sends one JPEG as multipart/form-data. */
  body?: unknown;
  expect: Expected;
  /** Each cell gets its own accounts (the call signs out, deletes or changes roles). */
  freshAccounts?: true;
};

/** Routes answered outside this table, with the reason and the test that covers them. */
export type CoveredElsewhere = { route: string; coveredBy: string };

const ALL = (status: number): Expected => [status, status, status, status, status];
/** Anonymous 401, every signed-in member `status`. */
const MEMBERS = (status: number): Expected => [401, status, status, status, status];
/** Anonymous 401, the unverified member 403, every verified member `status`. */
const VERIFIED = (status: number): Expected => [401, 403, status, status, status];

const PRODUCT_BODY = {
  title: 'Calculadora científica',
  description: 'Casio fx-570, funciona perfecta.',
  price: 25,
  status: 'Usado',
  location: 'Biblioteca central',
  categoryId: '{category}',
};

/** WebAuthn answers to no challenge the server handed out. */
const FORGED_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const FORGED_ATTESTATION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
};

export const HTTP_MATRIX: readonly HttpRow[] = [
  // Health and documentation: public.
  { route: 'GET /healthz', url: '/healthz', expect: ALL(200) },
  { route: 'GET /readyz', url: '/readyz', expect: ALL(200) },
  { route: 'GET /robots.txt', url: '/robots.txt', expect: ALL(200) },
  { route: 'GET /api/docs', url: '/api/docs', expect: ALL(200) },
  { route: 'GET /api/docs/json', url: '/api/docs/json', expect: ALL(200) },
  { route: 'GET /api/docs/yaml', url: '/api/docs/yaml', expect: ALL(200) },
  // swagger-ui sends its own page to /api/docs.
  {
    route: 'GET /api/docs/static/index.html',
    url: '/api/docs/static/index.html',
    expect: ALL(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    url: '/api/docs/static/swagger-initializer.js',
    expect: ALL(200),
  },
  { route: 'GET /api/docs/static/*', url: '/api/docs/static/swagger-ui.css', expect: ALL(200) },
  // Photos are public (they are shown on public listings); keys are unguessable.
  { route: 'GET /uploads/*', url: '{photo}', expect: ALL(200) },

  // Metrics (with METRICS_TOKEN): for the scraper's token only, never a member's, an admin's
  // included (plugins/metrics.test.ts checks that the token is let in).
  { route: 'GET /metrics', url: '/metrics', expect: ALL(401) },

  // Accounts and sign-in.
  {
    route: 'POST /api/auth/login',
    url: '/api/auth/login',
    body: { email: '{ownerEmail}', password: 'secreto123' },
    expect: ALL(200),
  },
  {
    route: 'POST /api/auth/logout',
    url: '/api/auth/logout',
    expect: ALL(204),
    freshAccounts: true,
  },
  {
    route: 'POST /api/auth/verify-email',
    url: '/api/auth/verify-email?token=forged',
    expect: ALL(400),
  },
  {
    route: 'POST /api/auth/forgot-password',
    url: '/api/auth/forgot-password',
    body: { email: '{ownerEmail}' },
    expect: ALL(200),
  },
  {
    route: 'GET /api/auth/reset-password',
    url: '/api/auth/reset-password?token=forged',
    expect: ALL(400),
  },
  {
    route: 'POST /api/auth/reset-password',
    url: '/api/auth/reset-password',
    body: { token: 'forged', password: 'nuevo-secreto', confirmPassword: 'nuevo-secreto' },
    expect: ALL(400),
  },
  {
    route: 'POST /api/auth/resend-verification',
    url: '/api/auth/resend-verification?email={unverifiedEmail}',
    expect: ALL(200),
  },
  {
    route: 'POST /api/auth/request-verification',
    url: '/api/auth/request-verification',
    expect: [401, 200, 409, 409, 409],
  },
  // Passkeys (decision 067): signing in is anonymous; a member manages only their own.
  { route: 'POST /api/auth/passkeys/options', url: '/api/auth/passkeys/options', expect: ALL(200) },
  {
    route: 'POST /api/auth/passkeys/login',
    url: '/api/auth/passkeys/login',
    body: { response: FORGED_ASSERTION },
    expect: ALL(400),
  },
  { route: 'GET /api/passkeys', url: '/api/passkeys', expect: MEMBERS(200) },
  {
    route: 'POST /api/passkeys/options',
    url: '/api/passkeys/options',
    body: {},
    expect: MEMBERS(200),
  },
  {
    route: 'POST /api/passkeys',
    url: '/api/passkeys',
    body: { response: FORGED_ATTESTATION },
    expect: MEMBERS(400),
  },
  {
    route: 'DELETE /api/passkeys/:id',
    url: '/api/passkeys/{passkey}',
    expect: [401, 404, 204, 404, 404],
  },
  {
    route: 'GET /api/auth/verification-status',
    url: '/api/auth/verification-status',
    expect: MEMBERS(200),
  },

  // Members and roles.
  {
    route: 'POST /api/users',
    url: '/api/users',
    body: {
      name: 'Estudiante Nueva',
      email: '{newEmail}',
      password: 'secreto123',
      confirmPassword: 'secreto123',
    },
    expect: ALL(201),
  },
  { route: 'GET /api/users', url: '/api/users', expect: [401, 403, 403, 403, 200] },
  { route: 'GET /api/users/:id', url: '/api/users/{owner}', expect: ALL(200) },
  {
    route: 'PUT /api/users/:id',
    url: '/api/users/{owner}',
    body: { name: 'Nombre Cambiado', email: '{ownerEmail}', phone: null },
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'DELETE /api/users/:id',
    url: '/api/users/{owner}',
    expect: [401, 403, 403, 403, 204],
    freshAccounts: true,
  },
  { route: 'GET /api/users/:id/stats', url: '/api/users/{owner}/stats', expect: ALL(200) },
  {
    route: 'GET /api/users/:id/roles',
    url: '/api/users/{owner}/roles',
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/users/:id/roles',
    url: '/api/users/{owner}/roles',
    body: ['{roleUser}'],
    expect: [401, 403, 403, 403, 200],
    freshAccounts: true,
  },
  { route: 'GET /api/roles', url: '/api/roles', expect: [401, 403, 403, 403, 200] },
  { route: 'GET /api/categories', url: '/api/categories', expect: ALL(200) },

  // Listings and photos.
  { route: 'GET /api/products', url: '/api/products', expect: ALL(200) },
  { route: 'POST /api/products', url: '/api/products', body: PRODUCT_BODY, expect: VERIFIED(201) },
  { route: 'GET /api/products/available', url: '/api/products/available', expect: ALL(200) },
  { route: 'GET /api/products/stats', url: '/api/products/stats', expect: MEMBERS(200) },
  { route: 'GET /api/products/locations', url: '/api/products/locations?q=bib', expect: ALL(200) },
  { route: 'GET /api/products/courses', url: '/api/products/courses', expect: ALL(200) },
  {
    route: 'GET /api/products/price-guidance',
    url: '/api/products/price-guidance?categoryId={category}&title=Calculadora',
    expect: MEMBERS(200),
  },
  {
    route: 'POST /api/products/upload-images',
    url: '/api/products/upload-images',
    body: 'photo',
    expect: VERIFIED(201),
  },
  {
    route: 'POST /api/products/upload-image',
    url: '/api/products/upload-image',
    body: 'photo',
    expect: VERIFIED(201),
  },
  { route: 'GET /api/products/:id', url: '/api/products/{product}', expect: ALL(200) },
  {
    route: 'PUT /api/products/:id',
    url: '/api/products/{product}',
    body: { title: 'Calculadora gráfica' },
    // Only the seller edits, deletes or marks sold (architecture.md); an admin removes the member.
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'DELETE /api/products/:id',
    url: '/api/products/{product}',
    expect: [401, 403, 204, 403, 403],
  },
  // {product} has no photo: no preview image, for everyone alike.
  {
    route: 'GET /api/products/:id/share-image.jpg',
    url: '/api/products/{product}/share-image.jpg',
    expect: ALL(404),
  },
  { route: 'POST /api/products/:id/views', url: '/api/products/{product}/views', expect: ALL(204) },
  {
    route: 'PATCH /api/products/:id/sold',
    url: '/api/products/{product}/sold',
    expect: [401, 403, 200, 403, 403],
  },
  // Renewing a listing (decision 094): its seller only, like an edit.
  {
    route: 'POST /api/products/:id/renew',
    url: '/api/products/{product}/renew',
    expect: [401, 403, 200, 403, 403],
  },

  // Favourites.
  {
    route: 'POST /api/favorites',
    url: '/api/favorites',
    body: { productId: '{product}' },
    expect: [401, 200, 403, 200, 200],
  },
  {
    route: 'GET /api/favorites',
    url: '/api/favorites?userId={owner}',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'GET /api/favorites/status',
    url: '/api/favorites/status?productId={product}',
    expect: MEMBERS(200),
  },
  { route: 'GET /api/favorites/ids', url: '/api/favorites/ids', expect: MEMBERS(200) },

  // Offers and sales.
  {
    route: 'POST /api/sales',
    url: '/api/sales',
    body: { productId: '{product}', price: 20 },
    expect: [401, 403, 403, 201, 201],
  },
  {
    route: 'GET /api/sales',
    url: '/api/sales?productId={product}',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'GET /api/sales/product/:id/offers',
    url: '/api/sales/product/{product}/offers',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'GET /api/sales/buyer/:buyerId',
    url: '/api/sales/buyer/{owner}',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'PUT /api/sales/:id/accept',
    url: '/api/sales/{offer}/accept',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'PUT /api/sales/:id/reject',
    url: '/api/sales/{offer}/reject',
    expect: [401, 403, 200, 403, 403],
  },

  // Hand-offs of accepted offers (decision 075): only the two parties.
  { route: 'GET /api/handoffs', url: '/api/handoffs', expect: MEMBERS(200) },
  {
    route: 'GET /api/handoffs/no-shows',
    url: '/api/handoffs/no-shows',
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/handoffs/:id',
    url: '/api/handoffs/{handoff}',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/handoffs/:id/confirm',
    url: '/api/handoffs/{handoff}/confirm',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/handoffs/:id/cancel',
    url: '/api/handoffs/{handoff}/cancel',
    body: { reason: 'no_show' },
    expect: [401, 403, 200, 403, 403],
  },

  // Meet-up proposals (decision 083): only the two parties; only the receiver answers.
  {
    route: 'POST /api/handoffs/:id/meetups',
    url: '/api/handoffs/{handoff}/meetups',
    body: { spotId: '{spot}', startsAt: '{tomorrow}' },
    expect: [401, 403, 201, 403, 403],
  },
  {
    route: 'POST /api/meetups/:id/accept',
    url: '/api/meetups/{meetup}/accept',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/meetups/:id/decline',
    url: '/api/meetups/{meetup}/decline',
    expect: [401, 403, 200, 403, 403],
  },

  // Campus meet-up spots (decision 082): anyone reads; admins keep the list.
  { route: 'GET /api/meetup-spots', url: '/api/meetup-spots', expect: ALL(200) },
  {
    route: 'POST /api/meetup-spots',
    url: '/api/meetup-spots',
    body: { name: 'Punto nuevo {tomorrow}', area: 'Cafetería', openingHours: 'Todo el día' },
    expect: [401, 403, 403, 403, 201],
  },
  {
    route: 'PUT /api/meetup-spots/:id',
    url: '/api/meetup-spots/{spot}',
    body: { name: 'Punto cambiado {tomorrow}', area: 'Cafetería', openingHours: 'Todo el día' },
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: 'DELETE /api/meetup-spots/:id',
    url: '/api/meetup-spots/{spot}',
    expect: [401, 403, 403, 403, 200],
  },

  // Reviews.
  {
    route: 'POST /api/reviews',
    url: '/api/reviews',
    body: { productId: '{bought}', rating: 5, comment: 'Todo perfecto, muy amable.' },
    expect: [401, 403, 201, 403, 403],
  },
  { route: 'GET /api/reviews', url: '/api/reviews?revieweeId={owner}', expect: ALL(200) },

  // Chat over HTTP.
  { route: 'GET /api/chat/users', url: '/api/chat/users', expect: MEMBERS(200) },
  {
    route: 'GET /api/chat/messages',
    url: '/api/chat/messages?userId={buyer}',
    expect: MEMBERS(200),
  },
  {
    route: 'POST /api/chat/messages',
    url: '/api/chat/messages',
    body: { receiverId: '{buyer}', content: 'Hola, ¿sigue disponible?' },
    expect: VERIFIED(201),
  },
  {
    route: 'PUT /api/chat/messages/read',
    url: '/api/chat/messages/read?userId={buyer}',
    expect: MEMBERS(200),
  },
  { route: 'GET /api/chat/unread', url: '/api/chat/unread', expect: MEMBERS(200) },

  // Reports and blocks (decision 071): verified members report what is not theirs; any member
  // blocks anyone but themselves and lifts only their own blocks.
  {
    route: 'POST /api/reports',
    url: '/api/reports',
    body: { targetType: 'product', targetId: '{product}', reason: 'scam' },
    expect: [401, 403, 403, 201, 201],
  },
  { route: 'GET /api/blocks', url: '/api/blocks', expect: MEMBERS(200) },
  {
    route: 'POST /api/blocks',
    url: '/api/blocks',
    body: { userId: '{owner}' },
    expect: [401, 200, 403, 200, 200],
  },
  // Where the caller stands with {buyer}: no block either way in the table's cells.
  { route: 'GET /api/blocks/:userId', url: '/api/blocks/{buyer}', expect: MEMBERS(200) },
  { route: 'DELETE /api/blocks/:userId', url: '/api/blocks/{buyer}', expect: MEMBERS(404) },
  // Moderation (decision 071): admins only; with no open report on the target, an admin's
  // action answers 409 (the table makes no reports).
  {
    route: 'GET /api/moderation/reports',
    url: '/api/moderation/reports',
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/moderation/log',
    url: '/api/moderation/log',
    expect: [401, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/moderation/actions',
    url: '/api/moderation/actions',
    body: { targetType: 'product', targetId: '{product}', action: 'dismiss', reason: 'Revisado' },
    expect: [401, 403, 403, 403, 409],
  },
  { route: 'GET /api/chat/preferences', url: '/api/chat/preferences', expect: MEMBERS(200) },
  {
    route: 'PUT /api/chat/preferences',
    url: '/api/chat/preferences',
    body: { unreadDigest: false },
    expect: MEMBERS(200),
  },

  // Web push (issue 21, decision 092): the key is public; everything else is the caller's own.
  // No cell has a subscription, so removing one is 404 for everyone signed in.
  { route: 'GET /api/push/public-key', url: '/api/push/public-key', expect: ALL(200) },
  {
    route: 'POST /api/push/subscriptions',
    url: '/api/push/subscriptions',
    body: {
      endpoint: 'https://push.example.test/send/matrix',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: 'tBHItJI5svbpez7KI4CCXg' },
    },
    expect: MEMBERS(201),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    url: '/api/push/subscriptions',
    body: { endpoint: 'https://push.example.test/send/nobody' },
    expect: MEMBERS(404),
  },
  { route: 'GET /api/push/preferences', url: '/api/push/preferences', expect: MEMBERS(200) },
  {
    route: 'PUT /api/push/preferences',
    url: '/api/push/preferences',
    body: { offers: false },
    expect: MEMBERS(200),
  },

  // Notifications.
  {
    route: 'GET /api/notifications',
    url: '/api/notifications?userId={owner}',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/notifications',
    url: '/api/notifications',
    body: { userId: '{owner}', typeId: 1, message: 'Tienes un mensaje nuevo' },
    expect: [401, 403, 201, 403, 403],
  },
  { route: 'GET /api/notifications/count', url: '/api/notifications/count', expect: MEMBERS(200) },
  {
    route: 'PUT /api/notifications/read-all',
    url: '/api/notifications/read-all',
    expect: MEMBERS(200),
  },
  {
    route: 'PUT /api/notifications/:id/read',
    url: '/api/notifications/{notification}/read',
    expect: [401, 403, 200, 403, 403],
  },
  // Saved searches (issue 21, decision 088): any signed-in member keeps their own; nobody else's.
  {
    route: 'POST /api/saved-searches',
    url: '/api/saved-searches',
    body: { search: 'calculadora', maxPrice: 90000 },
    expect: MEMBERS(201),
  },
  { route: 'GET /api/saved-searches', url: '/api/saved-searches', expect: MEMBERS(200) },
  {
    route: 'PATCH /api/saved-searches/:id',
    url: '/api/saved-searches/{savedSearch}',
    body: { name: 'Calculadora barata', isPaused: true },
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'POST /api/saved-searches/:id/seen',
    url: '/api/saved-searches/{savedSearch}/seen',
    expect: [401, 403, 200, 403, 403],
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    url: '/api/saved-searches/{savedSearch}',
    expect: [401, 403, 204, 403, 403],
  },
];

export const COVERED_ELSEWHERE: readonly CoveredElsewhere[] = [
  { route: 'GET /ws', coveredBy: 'STOMP_MATRIX below (the WebSocket upgrade)' },
  { route: 'OPTIONS *', coveredBy: 'plugins/security.test.ts (CORS preflight, no data)' },
];

/** What a STOMP frame gets back. */
export type StompOutcome =
  /** CONNECTED, or the RECEIPT a SUBSCRIBE/SEND asked for. */
  | 'ok'
  /** An ERROR frame (the connection closes). */
  | 'error'
  /** A SEND the server refused politely, on /user/queue/errors. */
  | 'refused';

export type StompRow = {
  /** The frame and its destination as clients write it (`{owner}` as above). */
  frame: 'CONNECT' | 'SUBSCRIBE' | 'SEND';
  destination?: string;
  body?: unknown;
  expect: readonly [StompOutcome, StompOutcome, StompOutcome, StompOutcome, StompOutcome];
};

/**
 * Every destination of `DESTINATIONS` (packages/shared/src/chat-constants.ts), in Spring's form
 * and in the `/user/{username}/queue/...` form naming the owner. The anonymous caller sends its
 * frame without CONNECT (or CONNECT without a token).
 */
export const STOMP_MATRIX: readonly StompRow[] = [
  { frame: 'CONNECT', expect: ['error', 'ok', 'ok', 'ok', 'ok'] },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/queue/messages',
    expect: ['error', 'ok', 'ok', 'ok', 'ok'],
  },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/queue/notifications',
    expect: ['error', 'ok', 'ok', 'ok', 'ok'],
  },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/queue/errors',
    expect: ['error', 'ok', 'ok', 'ok', 'ok'],
  },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/{owner}/queue/messages',
    expect: ['error', 'error', 'ok', 'error', 'error'],
  },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/{ownerEmail}/queue/notifications',
    expect: ['error', 'error', 'ok', 'error', 'error'],
  },
  {
    frame: 'SUBSCRIBE',
    destination: '/user/{owner}/queue/errors',
    expect: ['error', 'error', 'ok', 'error', 'error'],
  },
  {
    frame: 'SEND',
    destination: '/app/chat.private',
    body: { receiverId: '{buyer}', content: 'Hola por STOMP' },
    expect: ['error', 'refused', 'ok', 'ok', 'ok'],
  },
  {
    frame: 'SEND',
    destination: '/app/chat.private',
    body: { senderId: '{buyer}', receiverId: '{owner}', content: 'Me hago pasar por otro' },
    expect: ['error', 'refused', 'refused', 'refused', 'refused'],
  },
  // The conversation one looks at (decision 092): only ever about the connected member.
  {
    frame: 'SEND',
    destination: '/app/chat.focus',
    body: { partnerId: '{buyer}', isFocused: true },
    expect: ['error', 'ok', 'ok', 'ok', 'ok'],
  },
];
