/**
 * A share embedded on another site runs in a third-party frame, where browsers that block third-party
 * storage (Chrome without third-party cookies, Safari, Firefox strict) throw on the first read of
 * window.localStorage. The theme code reads it before the app renders, so the whole page would stay
 * blank. This swaps a storage that throws for one in memory (lost on reload, which is all a blocked
 * frame can have); it is imported by the sharing routes, so it runs before main.tsx applies the theme.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

function usable(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    window[name].getItem('netatlas.probe');
    return true;
  } catch {
    return false;
  }
}

export function ensureStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (usable(name)) continue;
    try {
      Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
    } catch {
      // Nothing more to do: the page reports its own error.
    }
  }
}

ensureStorage();
