import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to keep looking for a target that renders late (e.g. after its data loads). */
const MAX_WAIT_MS = 3000;

/**
 * After every navigation to a URL with a hash (`/#contact-sec`), scrolls the element
 * with that id into view, waiting for it to appear if the page renders it late.
 */
export function ScrollToHash() {
  const { hash, key } = useLocation();

  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;

    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const startedAt = performance.now();
    let frame = 0;

    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
        return;
      }
      if (performance.now() - startedAt < MAX_WAIT_MS) frame = requestAnimationFrame(tryScroll);
    };

    frame = requestAnimationFrame(tryScroll);
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);

  return null;
}
