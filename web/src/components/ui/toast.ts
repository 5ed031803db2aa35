/** The one place the app imports its toasts from (sonner). Never use `alert()`. */
export { toast, Toaster } from 'sonner';
