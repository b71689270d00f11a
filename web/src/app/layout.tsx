import { NavLink, Outlet } from 'react-router';
import { useLogout, useMe } from '../features/auth/api';
import { ThemeToggle } from '../components/theme-toggle';
import { useLiveEvents } from '../features/events/use-live-events';
import { NAV_ITEMS } from './nav';

export function Layout() {
  const me = useMe();
  const logout = useLogout();
  useLiveEvents(me.isSuccess);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <img src="/favicon.svg" alt="" width={24} height={24} /> Netatlas
        </div>
        <nav aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <span className="muted" title={me.data?.email}>
            {me.data?.name}
          </span>
          <ThemeToggle />
          <button type="button" className="link-button" onClick={() => logout.mutate()}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
