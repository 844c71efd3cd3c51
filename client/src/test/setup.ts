import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addEnglish, loadCatalogue } from '../i18n/core';
import { en } from '../i18n/en';
import enCompiled from '../i18n/en?icu-ast';

// A screen's answer is waited for up to 5 s, not Testing Library's 1 s: on two cores shared by
// parallel test files (CI) a mocked answer once took longer than 1 s to render. A wait that never
// ends still fails, later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear();
});

// The app completes English when the signed-in routes load (SignedInApp.tsx); tests render any screen.
addEnglish(en, enCompiled);
// Spanish loads on demand in the app; tests render either language at once.
await loadCatalogue('es');
