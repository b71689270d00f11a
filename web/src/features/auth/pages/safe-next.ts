/** Where to go after signing in: only a path of this app, never another site. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/hosts';
}
