import type { MatrixRow } from '../support/access-matrix';

//                                                          own adm mem vwr skey dkey xkey nkey anon xorg
export const systemRows: MatrixRow[] = [
  { route: 'GET /api/version',                     expect: '200 200 200 200 200  200  200  200  200  200' },
  { route: 'GET /api/health',                      expect: '200 200 200 200 200  200  200  200  200  200' },
  { route: 'GET /api/health/ready',                expect: '200 200 200 200 200  200  200  200  200  200' },
];
