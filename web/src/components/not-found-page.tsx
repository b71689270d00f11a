import { Link } from 'react-router';
import { Page } from './page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        Nothing lives at this address. <Link to="/hosts">Go to the hosts</Link>.
      </p>
    </Page>
  );
}
