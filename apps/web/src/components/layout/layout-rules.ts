import { BOTTOM_BAR_HIDE_SCROLL_PX, NARROW_BREAKPOINT_PX } from '@unimercado/shared/constants';

/**
 * The narrow layout's media query, for styles (MUI `sx`): the server renders both layouts' markup
 * and CSS picks one, so the browser's hydration never switches the layout (decision 045).
 */
export const NARROW_MEDIA = `@media (max-width:${NARROW_BREAKPOINT_PX}px)`;
/** The wide layout's media query (above the narrow breakpoint). */
export const WIDE_MEDIA = `@media (min-width:${NARROW_BREAKPOINT_PX + 1}px)`;

/** Narrow layout (drawer and bottom bar) at widths up to 1030px inclusive (spec section 2). */
export const isNarrowWidth = (width: number): boolean => width <= NARROW_BREAKPOINT_PX;

/** The bottom bar exists only for a signed-in user on the narrow layout. */
export const shouldShowBottomBar = (isAuthenticated: boolean, width: number): boolean =>
  isAuthenticated && isNarrowWidth(width);

/**
 * Next visibility of the bottom bar after a scroll from `previousY` to `currentY`: it hides when
 * scrolling down beyond 100px and comes back on any scroll up (and near the top).
 */
export const nextBottomBarVisibility = (
  previousY: number,
  currentY: number,
  isVisible: boolean,
): boolean => {
  if (currentY <= BOTTOM_BAR_HIDE_SCROLL_PX) return true;
  if (currentY > previousY) return false;
  if (currentY < previousY) return true;
  return isVisible;
};
