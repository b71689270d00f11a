import type { MatrixRow } from '../support/access-matrix';

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const auditRows: MatrixRow[] = [
  { route: 'GET /api/v1/audit-events',             expect: '200 200 403 403 200  403  403  402  401  200' },
];
