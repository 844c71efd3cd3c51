import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalogue } from '../i18n/core';

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// Spanish loads on demand in the app; tests render either language at once.
await loadCatalogue('es');
