import { NetworkBuilder } from './builder';
import { buildCampus } from './campus';
import { buildDatacenter } from './datacenter';
import type { SeedNetwork } from './types';

/**
 * A campus and a data centre in one network, half the hosts each (the campus gets the odd one): each campus
 * core switch is linked to both DC border routers (core HundredGigE1/0/4-5, router et-0/0/2-3; four links).
 * The two address plans do not overlap (campus 10.60.0.0/24 and 10.64-127.0.0/16, DC 10.200.0.0/22 and
 * 10.208.0.0/14 and up), nor do names (the DC's network gear is named dc1-*).
 */
export function mixed(hosts: number): SeedNetwork {
  const net = new NetworkBuilder();
  const { cores } = buildCampus(net, Math.ceil(hosts / 2));
  const { borderRouters } = buildDatacenter(net, Math.floor(hosts / 2));
  cores.forEach((core, c) =>
    borderRouters.forEach((router, r) =>
      net.link({ device: core, group: 'down', n: 4 + r }, { device: router, group: 'hundred', n: 3 + c }),
    ),
  );
  return net.build();
}
