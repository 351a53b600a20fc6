import { useEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const WAIT_FOR_HEADING_MS = 5000;

/** The page's main heading, focusable by script only (tabIndex -1), or null while it loads. */
const findHeading = (): HTMLElement | null => {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
};

/** Someone (an autofocused field, a dialog) already put the focus somewhere on purpose. */
const isFocusTaken = () => {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.tagName !== 'A';
};

/**
 * After each navigation to another page (not the first load), the page starts at the top and the
 * focus moves to its main heading, so a screen reader announces the new page and Tab starts from
 * it (issue 7). Lazy pages render their heading later: it is awaited for a few seconds.
 * A change of the same page's query (a search being typed, a filter, a page of results) is no
 * new page: the focus stays where the person is (issue 18).
 */
export const NavigationFocus = () => {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== NavigationType.Pop) window.scrollTo(0, 0);
    let frame = 0;
    const started = performance.now();
    const tryFocus = () => {
      const heading = findHeading();
      if (heading) {
        if (document.activeElement !== heading && !isFocusTaken()) {
          heading.focus({ preventScroll: true });
        }
        return;
      }
      if (performance.now() - started < WAIT_FOR_HEADING_MS) {
        frame = requestAnimationFrame(tryFocus);
      }
    };
    // The link or button that navigated keeps the focus until the page is there.
    (document.activeElement as HTMLElement | null)?.blur?.();
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
    // The kind of navigation is read, not watched: a replace on the same page is no new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
};
