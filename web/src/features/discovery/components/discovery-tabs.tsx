import { NavLink } from 'react-router';

/** Runs and schedules are two views of one section. */
export function DiscoveryTabs() {
  return (
    <nav aria-label="Discovery" className="discovery-tabs">
      <NavLink to="/discovery" end>
        Runs
      </NavLink>
      <NavLink to="/discovery/schedules">Schedules</NavLink>
    </nav>
  );
}
