// The user's theme choice (UX-4): light, dark, or system (follow prefers-color-scheme, live). Kept in localStorage so
// it survives a reload in both editions, and applied as `data-theme` on <html>, which styles.css keys its colours on.

export type ThemePreference = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
const KEY = 'switchboard.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

/** What this module uses of the window, typed here so unit tests (no DOM) can stand in for it. */
interface ThemeWindow {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  matchMedia?: (query: string) => {
    matches: boolean;
    addEventListener(type: 'change', listener: () => void): void;
    removeEventListener(type: 'change', listener: () => void): void;
  };
  document?: {
    documentElement: { dataset: Record<string, string | undefined>; style: { colorScheme: string } };
  };
}

const win = () => globalThis as unknown as ThemeWindow;

function storage(): ThemeWindow['localStorage'] {
  return win().localStorage;
}

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = storage()?.getItem(KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    // Storage can be refused (privacy settings): the app still works, following the system.
    return 'system';
  }
}

export function systemScheme(): ColorScheme {
  return win().matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveScheme(preference: ThemePreference, system: ColorScheme): ColorScheme {
  return preference === 'system' ? system : preference;
}

/** Puts the resolved scheme on <html> so the CSS variables and native controls follow it. */
export function applyTheme(): ColorScheme {
  const scheme = resolveScheme(readThemePreference(), systemScheme());
  const root = win().document?.documentElement;
  if (root) {
    root.dataset.theme = scheme;
    root.style.colorScheme = scheme;
  }
  return scheme;
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    storage()?.setItem(KEY, preference);
  } catch {
    // Not remembered, but still applied for this window.
  }
  applyTheme();
  for (const listener of listeners) listener();
}

/** Calls back when the preference or (for 'system') the operating system's scheme changes. */
export function subscribeTheme(onChange: () => void): () => void {
  const media = win().matchMedia?.(DARK_QUERY);
  const onSystem = () => {
    applyTheme();
    onChange();
  };
  listeners.add(onChange);
  media?.addEventListener('change', onSystem);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener('change', onSystem);
  };
}
