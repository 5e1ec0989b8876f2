// The light / dark / system switch in the top bar (UX-4); the command palette offers the same three choices.

import { isThemePreference, setThemePreference, THEME_PREFERENCES } from './themePreference';
import { useThemePreference } from './useColorScheme';

const LABELS = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' } as const;

export function ThemeSwitch() {
  const preference = useThemePreference();
  return (
    <select
      className="theme-switch"
      aria-label="Theme"
      data-testid="theme-select"
      value={preference}
      onChange={(event) => {
        if (isThemePreference(event.target.value)) setThemePreference(event.target.value);
      }}
    >
      {THEME_PREFERENCES.map((choice) => (
        <option key={choice} value={choice}>
          {LABELS[choice]}
        </option>
      ))}
    </select>
  );
}
