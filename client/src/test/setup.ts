import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addEnglish, loadCatalogue } from '../i18n/core';
import { en } from '../i18n/en';
import enCompiled from '../i18n/en?icu-ast';

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// The app completes English when the signed-in routes load (SignedInApp.tsx); tests render any screen.
addEnglish(en, enCompiled);
// Spanish loads on demand in the app; tests render either language at once.
await loadCatalogue('es');
