import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { toast } from '../components/ui/toast';

afterEach(() => {
  // Sonner keeps its toasts in module state and replays the active ones to the next Toaster.
  toast.dismiss();
  cleanup();
});
