import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isNarrowWidth, nextBottomBarVisibility } from './layout-rules';

const subscribeResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * Whether the window is phone-sized, for a page's behaviour that CSS cannot choose. The server's
 * page and hydration read it as narrow (React uses the server snapshot while hydrating), so no
 * mismatch; layout itself is chosen by CSS media queries (decision 045).
 */
export const useIsNarrow = (): boolean =>
  useSyncExternalStore(
    subscribeResize,
    () => isNarrowWidth(window.innerWidth),
    () => true,
  );

/** Bottom-bar visibility driven by the scroll direction (see nextBottomBarVisibility). */
export const useBottomBarVisible = (enabled: boolean): boolean => {
  const [isVisible, setIsVisible] = useState(true);
  const lastY = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    lastY.current = window.scrollY;
    const onScroll = () => {
      const currentY = window.scrollY;
      // Read the previous position now: React may run the updater later.
      const previousY = lastY.current;
      lastY.current = currentY;
      setIsVisible((visible) => nextBottomBarVisibility(previousY, currentY, visible));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);

  return enabled && isVisible;
};
