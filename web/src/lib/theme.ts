export type Theme = 'light' | 'dark';
const KEY = 'netatlas.theme';

/** localStorage, or nothing where the browser blocks it (a share embedded as a third-party frame). */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The theme a person picked, else the system's. */
export function currentTheme(): Theme {
  const stored = storage()?.getItem(KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  storage()?.setItem(KEY, theme);
  document.documentElement.dataset.theme = theme;
}

export function applyStoredTheme(): void {
  document.documentElement.dataset.theme = currentTheme();
}
