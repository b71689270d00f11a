import { useEffect, useMemo, useState } from 'react';

/** Colours the canvas draws with, read from CSS variables so both themes apply (graph.css, styles.css). */
export interface GraphColors {
  background: string;
  text: string;
  muted: string;
  surface: string;
  border: string;
  accent: string;
  edge: string;
  dim: string;
  added: string;
  removed: string;
  changed: string;
  /** A path between two hosts (features/topology's path panel). */
  path: string;
  kinds: Record<string, string>;
}

export const NODE_KINDS = ['host', 'interface', 'subnet', 'hypervisor', 'vm', 'container', 'service', 'group'] as const;

/** Dependency colours the API names (data.color), drawn as themselves. */
const NAMED: Record<string, string> = {
  red: '#d1242f',
  orange: '#d4691e',
  yellow: '#bf8700',
  green: '#1a7f37',
  teal: '#0f8b8d',
  blue: '#0a5cc2',
  purple: '#8250df',
  pink: '#bf3989',
  gray: '#6e7781',
  grey: '#6e7781',
};

export const namedColor = (name: unknown): string | undefined =>
  typeof name === 'string' ? NAMED[name.toLowerCase()] : undefined;

export function readColors(element: Element): GraphColors {
  const style = getComputedStyle(element);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: v('--surface', '#ffffff'),
    text: v('--text', '#1f2328'),
    muted: v('--muted', '#57606a'),
    surface: v('--surface', '#ffffff'),
    border: v('--border', '#d0d7de'),
    accent: v('--accent', '#0a5cc2'),
    edge: v('--graph-edge', '#8c959f'),
    dim: v('--graph-dim', '#d0d7de'),
    added: v('--added', '#1a7f37'),
    removed: v('--removed', '#cf222e'),
    changed: v('--changed', '#bf8700'),
    path: v('--graph-path', '#d9480f'),
    kinds: Object.fromEntries(NODE_KINDS.map((k) => [k, v(`--graph-${k}`, '#57606a')])),
  };
}

/** The colours of an element, read again when the theme changes (html[data-theme]). */
export function useGraphColors(element: HTMLElement | null): GraphColors | null {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return useMemo(() => (element && theme !== null ? readColors(element) : null), [element, theme]);
}
