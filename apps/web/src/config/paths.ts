/**
 * Every route of the app (spec section 2, route table). Components build links from here,
 * never from hand-written strings.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  search: '/search',
  verifyEmail: '/verify-email',
  verificationPending: '/verification-pending',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  products: '/products',
  productDetail: '/products/:id',
  profile: '/profile',
  publicProfile: '/user/:userId',
  myFavorites: '/my-favorites',
  createProduct: '/create-product',
  chat: '/chat',
  myProducts: '/my-products',
  myPurchases: '/my-purchases',
  mySearches: '/my-searches',
  notifications: '/notifications',
  adminPanel: '/admin-panel',
  moderation: '/admin-panel/moderacion',
  safetyTips: '/consejos-de-seguridad',
} as const;

export const hrefs = {
  productDetail: (id: number | string) => `/products/${encodeURIComponent(String(id))}`,
  publicProfile: (userId: number | string) => `/user/${encodeURIComponent(String(userId))}`,
  verifyEmail: (token: string) => `/verify-email?token=${encodeURIComponent(token)}`,
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  /** With `productId`, the product the conversation is about (decision 099). */
  chatWith: (userId: number | string, productId?: number) =>
    `/chat?userId=${encodeURIComponent(String(userId))}${
      productId === undefined ? '' : `&productId=${encodeURIComponent(String(productId))}`
    }`,
};
