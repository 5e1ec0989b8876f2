// The theme choice (UX-4): stored values are validated, 'system' resolves from the OS, a bad or refused storage
// falls back to following the system, and subscribers hear both the user's and the OS's changes.

import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isThemePreference,
  readThemePreference,
  resolveScheme,
  setThemePreference,
  subscribeTheme,
} from '../../../../renderer/ui/theme/themePreference';

interface FakeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function fakeStorage(initial: Record<string, string> = {}): FakeStorage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('theme preference', () => {
  it('accepts only system, light and dark', () => {
    expect(['system', 'light', 'dark'].every(isThemePreference)).toBe(true);
    expect(isThemePreference('blue')).toBe(false);
    expect(isThemePreference(undefined)).toBe(false);
  });

  it('resolves system from the OS scheme and keeps an explicit choice', () => {
    expect(resolveScheme('system', 'dark')).toBe('dark');
    expect(resolveScheme('system', 'light')).toBe('light');
    expect(resolveScheme('light', 'dark')).toBe('light');
    expect(resolveScheme('dark', 'light')).toBe('dark');
  });

  it('falls back to system for a stored value it does not know, or storage that throws', () => {
    vi.stubGlobal('localStorage', fakeStorage({ 'switchboard.theme': '<script>' }));
    expect(readThemePreference()).toBe('system');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
    });
    expect(readThemePreference()).toBe('system');
  });

  it('remembers a choice and tells subscribers', () => {
    vi.stubGlobal('localStorage', fakeStorage());
    const heard = vi.fn();
    const stop = subscribeTheme(heard);
    setThemePreference('dark');
    expect(readThemePreference()).toBe('dark');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    setThemePreference('light');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(readThemePreference()).toBe('light');
  });
});
