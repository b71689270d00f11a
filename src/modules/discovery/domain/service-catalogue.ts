/**
 * What discovery can recognise: a service definition by its usual ports, the banner it greets with, or
 * what its HTTP answer says (Server header, title, body). Order matters: specific before generic.
 */
export interface ServiceDefinition {
  name: string;
  ports: number[];
  /** Matched against the first bytes the service sends unasked. */
  banner?: RegExp;
  /** Matched against `Server: ...` + title + the start of the body of an HTTP answer. */
  http?: RegExp;
}

export const CATALOGUE: ServiceDefinition[] = [
  // Web applications recognised by what they serve
  { name: 'HomeAssistant', ports: [8123], http: /home assistant/i },
  { name: 'PiHole', ports: [80], http: /pi-hole/i },
  { name: 'Grafana', ports: [3000], http: /grafana/i },
  { name: 'Prometheus', ports: [9090], http: /prometheus/i },
  { name: 'Alertmanager', ports: [9093], http: /alertmanager/i },
  { name: 'NodeExporter', ports: [9100], http: /node exporter|node_cpu/i },
  { name: 'Proxmox', ports: [8006], http: /proxmox/i },
  { name: 'Portainer', ports: [9000, 9443], http: /portainer/i },
  { name: 'Kubernetes', ports: [6443, 10250], http: /kubernetes|"kind":\s*"Status"/i },
  { name: 'Docker', ports: [2375, 2376], http: /docker|"ApiVersion"/i },
  { name: 'Traefik', ports: [8080], http: /traefik/i },
  { name: 'Jellyfin', ports: [8096], http: /jellyfin/i },
  { name: 'Plex', ports: [32400], http: /plex/i },
  { name: 'Nextcloud', ports: [80, 443], http: /nextcloud/i },
  { name: 'Gitea', ports: [3000], http: /gitea/i },
  { name: 'GitLab', ports: [80, 443], http: /gitlab/i },
  { name: 'Jenkins', ports: [8080], http: /jenkins/i },
  { name: 'Unifi', ports: [8443], http: /unifi/i },
  { name: 'Synology', ports: [5000, 5001], http: /synology|diskstation/i },
  { name: 'TrueNas', ports: [80, 443], http: /truenas|freenas/i },
  { name: 'OpnSense', ports: [443], http: /opnsense/i },
  { name: 'PfSense', ports: [443], http: /pfsense/i },
  { name: 'Kibana', ports: [5601], http: /kibana/i },
  { name: 'Elasticsearch', ports: [9200], http: /"cluster_name"|elasticsearch/i },
  { name: 'MinIo', ports: [9000, 9001], http: /minio/i },
  { name: 'Vault', ports: [8200], http: /vault/i },
  { name: 'Consul', ports: [8500], http: /consul/i },
  { name: 'RabbitMqManagement', ports: [15672], http: /rabbitmq/i },
  { name: 'Netdata', ports: [19999], http: /netdata/i },
  { name: 'UptimeKuma', ports: [3001], http: /uptime kuma/i },
  { name: 'AdGuardHome', ports: [3000, 80], http: /adguard/i },
  { name: 'Nginx', ports: [80, 443], http: /nginx/i },
  { name: 'Caddy', ports: [80, 443], http: /caddy/i },
  { name: 'Apache', ports: [80, 443], http: /apache/i },
  { name: 'Iis', ports: [80, 443], http: /microsoft-iis/i },
  { name: 'Lighttpd', ports: [80], http: /lighttpd/i },
  // Services recognised by their greeting
  { name: 'Ssh', ports: [22, 2222], banner: /^SSH-\d/ },
  { name: 'Ftp', ports: [21], banner: /^220[ -].*ftp/i },
  { name: 'Smtp', ports: [25, 465, 587], banner: /^220[ -].*(smtp|esmtp|mail)/i },
  { name: 'Pop3', ports: [110, 995], banner: /^\+OK/ },
  { name: 'Imap', ports: [143, 993], banner: /^\* OK/ },
  { name: 'MySql', ports: [3306], banner: /mysql|mariadb/i },
  { name: 'Redis', ports: [6379], banner: /^-NOAUTH|^\+PONG|^-ERR/ },
  { name: 'Memcached', ports: [11211], banner: /^(VERSION|STAT)/ },
  { name: 'Vnc', ports: [5900, 5901], banner: /^RFB \d{3}\.\d{3}/ },
  { name: 'Telnet', ports: [23], banner: /^\xff[\xfb-\xfe]/ },
  { name: 'Mqtt', ports: [1883, 8883] },
  { name: 'Amqp', ports: [5672], banner: /^AMQP/ },
  { name: 'Nats', ports: [4222], banner: /^INFO \{/ },
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
  { name: 'Ntp', ports: [123] },
  { name: 'Syslog', ports: [514] },
  { name: 'Sip', ports: [5060] },
  { name: 'Printer', ports: [631, 9100] },
  { name: 'Rsync', ports: [873], banner: /^@RSYNCD/ },
  { name: 'Git', ports: [9418] },
  { name: 'Squid', ports: [3128], http: /squid/i },
  // Generic last
  { name: 'Https', ports: [443, 8443] },
  { name: 'Http', ports: [80, 8000, 8080, 8888] },
];

export interface Evidence {
  port: number;
  banner?: string;
  /** `Server` header, title and the start of the body of an HTTP answer. */
  http?: string;
  tls?: boolean;
}

/** The best definition for what a port showed: HTTP content, then a banner, then the usual port; else Custom. */
export function identify(evidence: Evidence): string {
  if (evidence.http !== undefined) {
    const byContent = CATALOGUE.find((d) => d.http?.test(evidence.http!));
    if (byContent) return byContent.name;
    return evidence.tls ? 'Https' : 'Http';
  }
  if (evidence.banner) {
    const byBanner = CATALOGUE.find((d) => d.banner?.test(evidence.banner!));
    if (byBanner) return byBanner.name;
  }
  return (
    CATALOGUE.find((d) => !d.http && !d.banner && d.ports.includes(evidence.port))?.name ??
    CATALOGUE.find((d) => d.ports.includes(evidence.port) && !d.http)?.name ??
    'Custom'
  );
}
