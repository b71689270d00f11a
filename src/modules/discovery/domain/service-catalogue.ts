/**
 * The service definitions discovery names. Probes and their signatures (service-signature-rules.ts) say
 * which one listens on a port; `ports` is only the weak fallback when no probe recognised anything: the
 * port alone names it, and the evidence says so. Web applications have no such port: anything may serve
 * HTTP on 3000 or 8080.
 */
export interface ServiceDefinition {
  name: string;
  ports: number[];
}

export const CATALOGUE: ServiceDefinition[] = [
  // Web applications, recognised by what they answer
  { name: 'HomeAssistant', ports: [] },
  { name: 'PiHole', ports: [] },
  { name: 'Grafana', ports: [] },
  { name: 'Prometheus', ports: [] },
  { name: 'Alertmanager', ports: [] },
  { name: 'NodeExporter', ports: [] },
  { name: 'Proxmox', ports: [] },
  { name: 'Portainer', ports: [] },
  { name: 'Kubernetes', ports: [] },
  { name: 'Docker', ports: [2375, 2376] },
  { name: 'Traefik', ports: [] },
  { name: 'Jellyfin', ports: [] },
  { name: 'Plex', ports: [32400] },
  { name: 'Nextcloud', ports: [] },
  { name: 'Gitea', ports: [] },
  { name: 'GitLab', ports: [] },
  { name: 'Jenkins', ports: [] },
  { name: 'Unifi', ports: [] },
  { name: 'Synology', ports: [] },
  { name: 'TrueNas', ports: [] },
  { name: 'OpnSense', ports: [] },
  { name: 'PfSense', ports: [] },
  { name: 'Kibana', ports: [] },
  { name: 'Elasticsearch', ports: [9200] },
  { name: 'MinIo', ports: [] },
  { name: 'Vault', ports: [8200] },
  { name: 'Consul', ports: [8500] },
  { name: 'RabbitMqManagement', ports: [15672] },
  { name: 'Netdata', ports: [19999] },
  { name: 'UptimeKuma', ports: [] },
  { name: 'AdGuardHome', ports: [] },
  // Web servers and proxies, recognised by their Server header
  { name: 'Nginx', ports: [] },
  { name: 'Caddy', ports: [] },
  { name: 'Apache', ports: [] },
  { name: 'Iis', ports: [] },
  { name: 'Lighttpd', ports: [] },
  { name: 'Squid', ports: [3128] },
  // Other protocols
  { name: 'Ssh', ports: [22, 2222] },
  { name: 'Ftp', ports: [21] },
  { name: 'Smtp', ports: [25, 465, 587] },
  { name: 'Pop3', ports: [110, 995] },
  { name: 'Imap', ports: [143, 993] },
  { name: 'MySql', ports: [3306] },
  { name: 'Redis', ports: [6379] },
  { name: 'Memcached', ports: [11211] },
  { name: 'Vnc', ports: [5900, 5901] },
  { name: 'Telnet', ports: [23] },
  { name: 'Mqtt', ports: [1883, 8883] },
  { name: 'Amqp', ports: [5672] },
  { name: 'Nats', ports: [4222] },
  { name: 'Postgres', ports: [5432] },
  { name: 'MongoDb', ports: [27017] },
  { name: 'MsSql', ports: [1433] },
  { name: 'Oracle', ports: [1521] },
  { name: 'Cassandra', ports: [9042] },
  { name: 'Kafka', ports: [9092] },
  { name: 'Zookeeper', ports: [2181] },
  { name: 'Etcd', ports: [2379] },
  { name: 'Ldap', ports: [389, 636] },
  { name: 'Kerberos', ports: [88] },
  { name: 'Smb', ports: [445, 139] },
  { name: 'Nfs', ports: [2049] },
  { name: 'Rdp', ports: [3389] },
  { name: 'WinRm', ports: [5985, 5986] },
  { name: 'Dns', ports: [53] },
  { name: 'Snmp', ports: [161] },
  // SNMP multiplexing (RFC 1227): Net-SNMP's snmpd listens on TCP 199
  { name: 'Smux', ports: [199] },
  { name: 'Ntp', ports: [123] },
  { name: 'Syslog', ports: [514] },
  { name: 'Sip', ports: [5060] },
  { name: 'Printer', ports: [631, 9100] },
  { name: 'Rsync', ports: [873] },
  { name: 'Git', ports: [9418] },
  // Any web server
  { name: 'Https', ports: [443, 8443] },
  { name: 'Http', ports: [80, 8000, 8080, 8888] },
];

const BY_PORT = new Map<number, string>();
for (const { name, ports } of CATALOGUE) for (const port of ports) if (!BY_PORT.has(port)) BY_PORT.set(port, name);

/** The definition a port usually carries, when nothing better is known. */
export function usualService(port: number): string | undefined {
  return BY_PORT.get(port);
}
