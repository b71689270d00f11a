import { useState } from 'react';
import { currentTheme, setTheme } from '../lib/theme';

export function ThemeToggle() {
  const [theme, setState] = useState(currentTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        setTheme(next);
        setState(next);
      }}
    >
      {theme === 'dark' ? '☀ Light' : '☾ Dark'}
    </button>
  );
}
