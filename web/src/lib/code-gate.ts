import { type RefObject, useEffect } from 'react';

/**
 * Code a server-rendered part of a page hydrates with once it is wanted rather than at start: the
 * page's first load leaves it out, the server's markup stays in place (its controls disabled, see
 * `FormControls`; its links are links) until it is. `wanted` settles when `open` is first called (at
 * once on the server, which renders everything).
 */
export interface CodeGate {
  readonly wanted: Promise<void>;
  open(): void;
}

export function createCodeGate(): CodeGate {
  if (typeof window === 'undefined') return { wanted: Promise.resolve(), open: () => undefined };
  let open: () => void = () => undefined;
  const wanted = new Promise<void>((resolve) => (open = resolve));
  return { wanted, open: () => open() };
}

/** What makes a gated part wanted: any of these, or the part's place coming on screen. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;
const GEOMETRY = ['scroll', 'resize'] as const;

/**
 * While `deferred`, opens `gate` when `onScreen(element)` says so (checked at once, and on every
 * scroll or resize; at once when there is no element) or on the visitor's first tap, key or focus;
 * otherwise (a page the browser renders itself) at once.
 */
export function useOpenCodeGate(
  gate: CodeGate,
  element: RefObject<HTMLElement | null>,
  deferred: boolean,
  onScreen: (box: DOMRect) => boolean,
): void {
  if (!deferred) gate.open();
  useEffect(() => {
    if (!deferred) return;
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, options);
      for (const type of GEOMETRY) window.removeEventListener(type, check, options);
    };
    const want = () => {
      stop();
      gate.open();
    };
    const check = () => {
      const box = element.current?.getBoundingClientRect();
      if (!box || onScreen(box)) want();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, want, options);
    for (const type of GEOMETRY) window.addEventListener(type, check, options);
    check();
    return stop;
  }, [gate, element, deferred, onScreen]);
}
