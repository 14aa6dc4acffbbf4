import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when vitest's globals are on; they are not here. A tree
// left mounted keeps antd's timers (the form's 10 ms error debounce, motion) running past the end of its
// file, and one firing after happy-dom is torn down fails the whole run with "window is not defined"
// (CI 2026-11-25, ImportSourceFields.test.tsx). Unmounting cancels them.
afterEach(() => {
  cleanup();
});
