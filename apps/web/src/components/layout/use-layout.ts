import { useEffect, useRef, useState } from 'react';
import { nextBottomBarVisibility } from './layout-rules';

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
