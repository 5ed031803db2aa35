import { lazy, Suspense, useSyncExternalStore } from 'react';
import { type ExternalToast, type toast as sonnerToast, type ToasterProps } from 'sonner';

/**
 * The one place the app imports its toasts from (sonner). Never use `alert()`.
 *
 * Sonner's code is no part of a page's first load: it is loaded after the page came alive (the
 * Toaster) or on the first toast, whichever is first. Sonner keeps its toasts in module state and
 * shows the active ones when its Toaster mounts, so a toast raised before then is not lost.
 */
const loadSonner = () => import('sonner');

type Message = Parameters<typeof sonnerToast>[0];

function show(raise: (toast: typeof sonnerToast) => unknown): void {
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

const noSubscription = () => () => undefined;

/** Sonner's Toaster, rendered in the browser only: a server-rendered page hydrates without it. */
export function Toaster(props: ToasterProps) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
