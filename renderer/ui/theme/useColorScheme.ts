// The scheme in use, light or dark (UX-4): the user's choice, or the operating system's when they chose "system",
// followed live. Monaco editors read it to pick their own theme.

import { useSyncExternalStore } from 'react';
import {
  readThemePreference,
  resolveScheme,
  subscribeTheme,
  systemScheme,
  type ColorScheme,
  type ThemePreference,
} from './themePreference';

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeTheme, () => resolveScheme(readThemePreference(), systemScheme()));
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribeTheme, readThemePreference);
}
