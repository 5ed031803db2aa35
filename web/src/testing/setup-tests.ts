import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { cleanup } from '@testing-library/react';
// Sonner itself, not the app's facade (components/ui/toast), which reaches it asynchronously.
import { toast } from 'sonner';

afterEach(() => {
  // Sonner keeps its toasts in module state and replays the active ones to the next Toaster.
  toast.dismiss();
  cleanup();
});
