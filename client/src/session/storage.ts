/** The browser storage keys of the spec (platform §3), and the only code that touches them. */
import type { CurrentUserQuery } from '../graphql/generated';

export const KEYS = {
  token: 'token',
  cachedUser: 'cachedUser',
  adminToken: 'adminToken',
  parentToken: 'parentToken',
  isAdminViewingAsStudent: 'isAdminViewingAsStudent',
  isParentViewingAsStudent: 'isParentViewingAsStudent',
  applicationStep: 'applicationStep',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  /** The interface language of an anonymous visitor (issue 12); survives signing out. */
  locale: 'locale',
} as const;

export type SessionUser = NonNullable<CurrentUserQuery['currentUser']>;

export const getToken = () => localStorage.getItem(KEYS.token);
export const setToken = (token: string) => localStorage.setItem(KEYS.token, token);

export function cacheUser(user: SessionUser | null): void {
  if (!user) {
    localStorage.removeItem(KEYS.cachedUser);
    return;
  }
  localStorage.setItem(KEYS.cachedUser, JSON.stringify(user));
  localStorage.setItem(KEYS.firstName, user.firstName);
  localStorage.setItem(KEYS.lastName, user.lastName);
  localStorage.setItem(KEYS.email, user.email);
}

export function cachedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(KEYS.cachedUser);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export const isAdminViewing = () => localStorage.getItem(KEYS.isAdminViewingAsStudent) === 'true';
export const isParentViewing = () => localStorage.getItem(KEYS.isParentViewingAsStudent) === 'true';

/** Signing in or out: everything but the remembered application step and the language goes. */
export function clearSession(): void {
  for (const key of Object.values(KEYS)) {
    if (key !== KEYS.applicationStep && key !== KEYS.locale) localStorage.removeItem(key);
  }
}

/** Admin or parent starts viewing as a student: keep their own token aside, use the student's. */
export function beginViewAs(role: 'admin' | 'parent', studentToken: string): void {
  const own = getToken();
  if (own) localStorage.setItem(role === 'admin' ? KEYS.adminToken : KEYS.parentToken, own);
  localStorage.setItem(role === 'admin' ? KEYS.isAdminViewingAsStudent : KEYS.isParentViewingAsStudent, 'true');
  setToken(studentToken);
  localStorage.removeItem(KEYS.cachedUser);
}

/** The admin's or parent's own token, kept aside while viewing as a student (none otherwise). */
export function heldTokens(): string[] {
  return [KEYS.adminToken, KEYS.parentToken].map((k) => localStorage.getItem(k)).filter((t): t is string => !!t);
}

/** Back to the admin's or parent's own view with the token the server handed back. */
export function endViewAs(role: 'admin' | 'parent', ownToken: string): void {
  setToken(ownToken);
  localStorage.removeItem(role === 'admin' ? KEYS.isAdminViewingAsStudent : KEYS.isParentViewingAsStudent);
  localStorage.removeItem(role === 'admin' ? KEYS.adminToken : KEYS.parentToken);
  localStorage.removeItem(KEYS.cachedUser);
}

/** Navigates with a full page load, as the spec's "goes to X and the page reloads". */
export function reloadTo(path: string): void {
  window.location.assign(path);
}

/** Window event fired when the application wizard's step changes (the restricted header's progress bar listens). */
export const APPLICATION_STEP_EVENT = 'applicationStepChange';

export function getApplicationStep(): number {
  const n = Number(localStorage.getItem(KEYS.applicationStep) ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export function setApplicationStep(step: number): void {
  localStorage.setItem(KEYS.applicationStep, String(step));
  window.dispatchEvent(new Event(APPLICATION_STEP_EVENT));
}
