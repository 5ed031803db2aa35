import { lazy, Suspense, useSyncExternalStore } from 'react';
import { type ExternalToast, type toast as sonnerToast, type ToasterProps } from 'sonner';

/**
 * The one place the app imports its toasts from (sonner). Never use `alert()`.
 *
 * Sonner's code is no part of a page's first load: its Toaster mounts (and its code is loaded) on
 * the visitor's first interaction with the page (a toast answers one: its live region is then in
 * place before the toast) or on the first toast, whichever is first. Sonner keeps its toasts in
 * module state and shows the active ones when its Toaster mounts, so a toast raised before then is
 * not lost.
 */
const loadSonner = () => import('sonner');

/** Whether the Toaster is wanted yet, and who re-renders when it becomes so. */
let toasterWanted = false;
const toasterListeners = new Set<() => void>();
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const type of FIRST_INTERACTION) window.removeEventListener(type, wantToaster, true);
  for (const listener of toasterListeners) listener();
}

function subscribeToaster(listener: () => void): () => void {
  if (toasterListeners.size === 0 && !toasterWanted) {
    for (const type of FIRST_INTERACTION) {
      window.addEventListener(type, wantToaster, { capture: true, passive: true });
    }
  }
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

type Message = Parameters<typeof sonnerToast>[0];

function show(raise: (toast: typeof sonnerToast) => unknown): void {
  if (typeof window !== 'undefined') wantToaster();
  void loadSonner().then(({ toast }) => raise(toast));
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => show((toast) => toast(message, options)),
  {
    success: (message: Message, options?: ExternalToast) =>
      show((toast) => toast.success(message, options)),
    error: (message: Message, options?: ExternalToast) =>
      show((toast) => toast.error(message, options)),
    info: (message: Message, options?: ExternalToast) =>
      show((toast) => toast.info(message, options)),
    dismiss: (id?: string | number) => show((toast) => toast.dismiss(id)),
  },
);

const SonnerToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/**
 * Sonner's Toaster, rendered in the browser only (a server-rendered page hydrates without it), from
 * the visitor's first interaction or first toast on.
 */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(
    subscribeToaster,
    () => toasterWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
