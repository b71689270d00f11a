import type { ReactNode } from 'react';
import { ThemeToggle } from '../../../components/theme-toggle';

/** The centred card that sign-in and register share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} /> Netatlas
        </div>
        <h1>{title}</h1>
        {children}
      </div>
      <ThemeToggle />
    </main>
  );
}
