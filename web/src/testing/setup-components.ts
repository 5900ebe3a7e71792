/**
 * Runs before each component test file (the `components` project's setupFiles): every test ends
 * with the DOM cleaned, `fetch` restored and the toast cleared. A setup file rather than a hook that
 * render.tsx registers when imported, because the project shares its modules between files: a
 * module is imported once per worker, a setup file runs for every file.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useToastStore } from '../stores/toasts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useToastStore.setState({ current: null });
});
