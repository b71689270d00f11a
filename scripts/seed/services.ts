import type { SeedPort, SeedService } from './types';

/**
 * What listens on a host, by role. Definitions are names of the discovery catalogue
 * (src/modules/discovery/domain/service-catalogue.ts); a port with no definition there (RTSP) is a port
 * without a service. Port types name the protocol, as discovery writes them.
 */
export interface Listener {
  port: number;
  protocol: 'Tcp' | 'Udp';
  type: string;
  /** The service's name and definition; absent for a bare port. */
  service?: { name: string; definition: string };
}

const tcp = (port: number, definition: string, name = definition.toLowerCase(), type = definition): Listener => ({
  port,
  protocol: 'Tcp',
  type,
  service: { name, definition },
});
const udp = (port: number, definition: string, name = definition.toLowerCase()): Listener => ({
  ...tcp(port, definition, name),
  protocol: 'Udp',
});

const ssh = tcp(22, 'Ssh');
const https = tcp(443, 'Https');
const snmp = udp(161, 'Snmp');

export const LISTENERS = {
  switch: [ssh, snmp],
  router: [ssh, snmp],
  firewall: [ssh, https, snmp],
  accessPoint: [ssh, snmp],
  phone: [udp(5060, 'Sip')],
  printer: [tcp(80, 'Http'), https, tcp(631, 'Printer', 'ipp', 'Ipp'), tcp(9100, 'Printer', 'jetdirect', 'Jetdirect')],
  camera: [tcp(80, 'Http'), https, { port: 554, protocol: 'Tcp', type: 'Rtsp' }],
  iot: [https, tcp(1883, 'Mqtt')],
  windows: [tcp(3389, 'Rdp'), tcp(445, 'Smb')],
  mac: [ssh, tcp(5900, 'Vnc')],
  hypervisor: [ssh, https],
  storage: [ssh, https, tcp(2049, 'Nfs'), tcp(445, 'Smb'), snmp],
} satisfies Record<string, Listener[]>;

/** Server and VM roles: the part of a name (vm-app-0123) and what it runs besides ssh. */
export const SERVER_ROLES: { role: string; listeners: Listener[] }[] = [
  { role: 'web', listeners: [tcp(80, 'Nginx', 'nginx'), https] },
  { role: 'app', listeners: [https, tcp(8080, 'Http', 'app-http')] },
  { role: 'db', listeners: [tcp(5432, 'Postgres')] },
  { role: 'cache', listeners: [tcp(6379, 'Redis')] },
  { role: 'web', listeners: [tcp(80, 'Nginx', 'nginx'), https] },
  { role: 'mq', listeners: [tcp(5672, 'Amqp'), tcp(15672, 'RabbitMqManagement', 'rabbitmq-management')] },
  { role: 'app', listeners: [https, tcp(8080, 'Http', 'app-http')] },
  { role: 'sql', listeners: [tcp(3306, 'MySql')] },
  { role: 'mon', listeners: [tcp(9090, 'Prometheus'), tcp(3000, 'Grafana')] },
  { role: 'kafka', listeners: [tcp(9092, 'Kafka'), tcp(2181, 'Zookeeper')] },
  { role: 'search', listeners: [tcp(9200, 'Elasticsearch')] },
  { role: 'dns', listeners: [udp(53, 'Dns')] },
  { role: 'ci', listeners: [tcp(8080, 'Jenkins')] },
];

/** The ports and services of a host that runs these listeners (services bound to their ports). */
export function servicesOf(listeners: Listener[]): { ports: SeedPort[]; services: SeedService[] } {
  return {
    ports: listeners.map((l) => ({ number: l.port, protocol: l.protocol, type: l.type })),
    services: listeners.flatMap((l) =>
      l.service
        ? [
            {
              name: l.service.name,
              service_definition: l.service.definition,
              port: l.port,
              ...(l.protocol === 'Udp' && { protocol: 'Udp' as const }),
            },
          ]
        : [],
    ),
  };
}

export const serverListeners = (index: number) => [ssh, ...SERVER_ROLES[index % SERVER_ROLES.length].listeners];
export const serverRole = (index: number) => SERVER_ROLES[index % SERVER_ROLES.length].role;
