import type { MatrixRow, World } from '../support/access-matrix';
import { expectOk } from '../support/http';

const body = () => ({ url: 'https://93.184.215.14/matrix', events: ['host.created'] });
/** A fresh webhook of organization A, made by its Owner. */
const webhook = async (w: World) => ({
  id: expectOk(await w.http.as(w.credentials.owner).post('/api/v1/webhooks', body()), 201).id as string,
});

// Admins and above (an Admin key too); otherOrg manages its own organization's webhooks and misses A's (404).
//                                                            own adm mem vwr skey dkey xkey nkey anon xorg
export const webhookRows: MatrixRow[] = [
  { route: 'GET /api/v1/webhooks',                     expect: '200 200 403 403 200  403  403  402  401  200' },
  { route: 'POST /api/v1/webhooks',                    expect: '201 201 403 403 201  403  403  402  401  201', body },
  { route: 'GET /api/v1/webhooks/{id}',                expect: '200 200 403 403 200  403  403  402  401  404', params: webhook },
  { route: 'PUT /api/v1/webhooks/{id}',                expect: '200 200 403 403 200  403  403  402  401  404', params: webhook, body },
  { route: 'DELETE /api/v1/webhooks/{id}',             expect: '200 200 403 403 200  403  403  402  401  404', params: webhook },
  { route: 'POST /api/v1/webhooks/{id}/rotate',        expect: '200 200 403 403 200  403  403  402  401  404', params: webhook },
  { route: 'POST /api/v1/webhooks/{id}/test',          expect: '202 202 403 403 202  403  403  402  401  404', params: webhook },
  { route: 'GET /api/v1/webhooks/{id}/deliveries',     expect: '200 200 403 403 200  403  403  402  401  404', params: webhook },
  // follow=false: the stored events after `after`, then the stream ends (a live stream would never answer).
  { route: 'GET /api/v1/events/stream',                expect: '200 200 200 200 200  403  403  402  401  200',
    query: () => 'after=0&follow=false', eventStream: true },
];
