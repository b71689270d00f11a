/**
 * The signatures discovery names services by, as data (read by parseSignatures in service-signatures.ts).
 * A .ts module so that `nest build` ships it with the code. Written for Netatlas: the format follows
 * nmap-service-probes' match lines, and the facts (what a product sends) are public knowledge; no line is
 * taken from nmap's file.
 */
export const SERVICE_SIGNATURE_RULES = String.raw`
# probe <name>        the answers the following lines read (what each probe sends is in
#                     infrastructure/service-probes/; NULL sends nothing, GetRequest follows it on the
#                     same connection when nothing was said for 100 ms)
#                     favicon is asked only after GET / named nothing but HTTP (see its lines)
# ports <n>,<n>,...   ports this probe is tried on before anything else
#                     After silence every probe is tried, in the order of this file: those that other
#                     protocols refuse at once first, TLS last (a line protocol waits for the end of a
#                     ClientHello's line).
# match <Definition> [<field>] m|<regex>|<flags> [p/<product>/] [v/<version>/]
# softmatch ...       the same, but it only says what kind of service it is: probes that can name it
#                     precisely are asked next, and any match wins over it
#
# <Definition>: a name of the catalogue (service-catalogue.ts). <field>: what of the answer the regex
# reads; absent, the whole answer (bytes as latin1). For an HTTP answer: status, title, realm (of
# WWW-Authenticate), json (a JSON object body as "path=value" lines sorted by code point) or any header
# by its lower-case name. For tls: subject, issuer, san ("CN=x, O=y"; "DNS:x, IP Address:y").
# Flags: i (ignore case), s (. matches newlines), m (^ and $ at line ends). Any delimiter may follow m, p
# and v. $1..$9 in p and v are the regex's groups. In a probe, the first match wins: specific first.

probe NULL
# SSH: "SSH-<protocol>-<software> <comments>" (RFC 4253 section 4.2)
match Ssh m|^SSH-[\d.]+-OpenSSH_([\w.]+)| p/OpenSSH/ v/$1/
match Ssh m|^SSH-[\d.]+-dropbear_([\w.]+)| p/Dropbear sshd/ v/$1/
match Ssh m|^SSH-[\d.]+-(\S+)| p/$1/
# FTP and SMTP both greet with 220: products first, then the protocol's own word
match Ftp m|^220 \(vsFTPd ([\w.]+)\)| p/vsftpd/ v/$1/
match Ftp m|^220[ -]ProFTPD ([\d.]+\w*) | p/ProFTPD/ v/$1/
match Ftp m|^220[ -]ProFTPD | p/ProFTPD/
match Ftp m|^220-+ Welcome to Pure-FTPd| p/Pure-FTPd/
match Ftp m|^220[ -]FileZilla Server (?:version )?([\d.]+)| p/FileZilla ftpd/ v/$1/
match Ftp m|^220[ -][^\r\n]*\bFTP\b|i
match Smtp m|^220[ -][^\r\n]* ESMTP Postfix| p/Postfix smtpd/
match Smtp m|^220[ -][^\r\n]* ESMTP Exim ([\d.]+)| p/Exim smtpd/ v/$1/
match Smtp m|^220[ -][^\r\n]* ESMTP Sendmail ([\d.]+)| p/Sendmail/ v/$1/
match Smtp m|^220[ -][^\r\n]* Microsoft ESMTP MAIL Service| p/Microsoft Exchange smtpd/
match Smtp m|^220[ -][^\r\n]*\bE?SMTP\b|
match Pop3 m|^\+OK [^\r\n]*Dovecot| p/Dovecot pop3d/
match Pop3 m|^\+OK|
match Imap m|^\* OK [^\r\n]*Dovecot| p/Dovecot imapd/
match Imap m|^\* OK|
# MySQL protocol greeting: 3-byte length, sequence 0, protocol 10, the server version up to a NUL
match MySql m|(?<=^[\s\S]\x00\x00\x00\x0a)(?:5\.5\.5-)?([\d.]+)-MariaDB[^\x00]*| p/MariaDB/ v/$1/
match MySql m|(?<=^[\s\S]\x00\x00\x00\x0a)(\d+\.\d+\.\d+)[^\x00]*| p/MySQL/ v/$1/
# ... or an error packet (0xff, 2-byte code) when this client may not connect
match MySql m%(?<=^[\s\S]\x00\x00\x00\xff[\s\S]{2})Host '[^']*' is (?:not allowed to connect to this (MySQL|MariaDB) server|blocked)% p/$1/
match Vnc m|^RFB \d{3}\.\d{3}\n| p/VNC/
match Nats m|(?<=^INFO \{[^\r\n]*)"version":"([\w.-]+)"| p/NATS/ v/$1/
match Rsync m|^@RSYNCD: ([\d.]+)| p/rsyncd/
match Telnet m|^\xff[\xfb-\xfe]|

probe GetRequest
# Services of other protocols that answer "GET / HTTP/1.0" in their own
match Redis m|^-DENIED Redis is running in protected mode| p/Redis/
softmatch Redis m%^-(?:ERR wrong number of arguments for 'get' command|ERR unknown command|NOAUTH )%
match Amqp m|^AMQP\x00\x00\x09\x01|
match MongoDb m|^HTTP/1\.0 200 OK\r\n[\s\S]*\r\n\r\nIt looks like you are trying to access MongoDB over HTTP on the native driver port\.| p/MongoDB/
# Web applications by what they alone answer: title, header, redirect, JSON keys, realm
match Kubernetes json m|^apiVersion=v1$[\s\S]*^kind=Status$|m p/Kubernetes API server/
match Elasticsearch json m|^tagline=You Know, for Search$[\s\S]*^version\.number=([\w.-]+)$|m p/Elasticsearch/ v/$1/
match Elasticsearch x-elastic-product m|^Elasticsearch$| p/Elasticsearch/
match Grafana title m|^Grafana$| p/Grafana/
match Prometheus title m|^Prometheus Time Series Collection and Processing Server$| p/Prometheus/
match Prometheus location m%^/(?:graph|query)$% p/Prometheus/
match Alertmanager title m|^Alertmanager$| p/Prometheus Alertmanager/
match NodeExporter title m|^Node Exporter$| p/Prometheus node_exporter/
match Proxmox server m|^pve-api-daemon/| p/Proxmox VE/
match Proxmox title m| - Proxmox Virtual Environment$| p/Proxmox VE/
match Portainer title m|^Portainer$| p/Portainer/
match Docker server m|^Docker/([\w.-]+)| p/Docker/ v/$1/
match Traefik realm m|^traefik$| p/Traefik/
match Jellyfin title m|^Jellyfin$| p/Jellyfin/
match Plex x-plex-protocol m|^\d| p/Plex Media Server/
match Nextcloud title m|\bNextcloud$| p/Nextcloud/
match Gitea title m|\bGitea: Git with a cup of tea$| p/Gitea/
match GitLab location m|/users/sign_in$| p/GitLab/
match Jenkins x-jenkins m|^([\w.]+)$| p/Jenkins/ v/$1/
match TrueNas title m|^TrueNAS\b| p/TrueNAS/
match OpnSense title m%\| OPNsense$% p/OPNsense/
match PfSense title m|^pfSense\b| p/pfSense/
match Kibana kbn-name m|.| p/Kibana/
match MinIo server m|^MinIO\b| p/MinIO/
match RabbitMqManagement title m|^RabbitMQ Management$| p/RabbitMQ management/
match Netdata server m|^Netdata Embedded HTTP Server v?([\w.-]+)| p/Netdata/ v/$1/
match UptimeKuma title m|^Uptime Kuma$| p/Uptime Kuma/
match AdGuardHome title m|^AdGuard Home$| p/AdGuard Home/
match PiHole x-pi-hole m|.| p/Pi-hole/
match HomeAssistant title m|^Home Assistant$| p/Home Assistant/
# Web servers and proxies by their Server header
match Squid server m|^squid/([\w.]+)| p/Squid http proxy/ v/$1/
match Nginx server m|^nginx(?:/([\w.]+))?| p/nginx/ v/$1/
match Nginx server m|^openresty(?:/([\w.]+))?| p/OpenResty/ v/$1/
match Caddy server m|^Caddy$| p/Caddy/
match Apache server m%^Apache(?:/([\d.]+))?(?: |$)% p/Apache httpd/ v/$1/
match Iis server m|^Microsoft-IIS/([\w.]+)| p/Microsoft IIS httpd/ v/$1/
match Lighttpd server m|^lighttpd(?:/([\w.]+))?| p/lighttpd/ v/$1/
# Any other web server: the product where it says one
match Http server m|^SimpleHTTP/([\w.]+) Python/[\w.]+| p/SimpleHTTPServer/ v/$1/
match Http server m|^Werkzeug/([\w.]+)| p/Werkzeug httpd/ v/$1/
match Http server m|^gunicorn(?:/([\w.]+))?| p/gunicorn/ v/$1/
match Http server m|^Python/[\w.]+ aiohttp/([\w.]+)| p/aiohttp/ v/$1/
match Http server m|^Jetty\(([^)]+)\)| p/Jetty/ v/$1/
match Http x-powered-by m|^Express$| p/Express/
softmatch Http server m|^([^/\s]+)/([\w.-]+)| p/$1/ v/$2/
softmatch Http server m|^(\S+)| p/$1/
softmatch Http status m|^\d{3}$|

probe favicon
# GET /favicon.ico on a web port whose GET / named no application (Http or Https): the answer is the
# icon's hash as Shodan's http.favicon.hash gives it (favicon-hash.ts), so published numbers carry over.
# Only hashes computed here from a product's own favicon.ico, at the path the product serves as
# /favicon.ico, in the commit named (the last to change it; the same file at the newest commit read):
# jenkinsci/jenkins war/src/main/webapp/favicon.ico @cf9885bdb16263fab1619c2233ef78ef7f12b2b5
match Jenkins m|^81586312$| p/Jenkins/
# louislam/uptime-kuma public/favicon.ico @478d2c4e8c34588ab57b1bb2e5e93d38541c7397 (since 1.1.0)
match UptimeKuma m|^1866999254$| p/Uptime Kuma/
# prometheus/prometheus web/ui/react-app/public/favicon.ico @bca6e90ea6788100a56809e73f9eeaaa11480036,
# served by web/web.go in 2.x (v2.53.0) and by 3.x with the old UI; 3.x's own UI has favicon.svg only
match Prometheus m|^-1399433489$| p/Prometheus/
# rabbitmq/rabbitmq-server deps/rabbitmq_management/priv/www/favicon.ico
#   @8356fff3e4b6ace51d736c92361305b86f3d6e0f, served at / by the management plugin's static route
match RabbitMqManagement m|^-1015107330$| p/RabbitMQ management/
# pfsense/pfsense src/usr/local/www/favicon.ico @e7d63f568c8e3982ee8f39387369778789593075 (since 2.4.0)
match PfSense m|^1405460984$| p/pfSense/

probe redis-ping
ports 6379
# PING, then INFO server: +PONG and the INFO text when no password is set, -NOAUTH when one is
match Redis m|(?<=^\+PONG\r\n\$\d+\r\n# Server\r\n)redis_version:([\w.]+)| p/Redis/ v/$1/
match Redis m%^(?:\+PONG|-NOAUTH )%
match Redis m|^-DENIED Redis is running in protected mode| p/Redis/

probe postgres-sslrequest
ports 5432
# A PostgreSQL server answers SSLRequest with one byte: S (go ahead with TLS) or N (no TLS here)
match Postgres m|^[SN]$|

probe mqtt-connect
ports 1883
# CONNACK to an MQTT 3.1.1 CONNECT: type 2, length 2, session-present flag, return code 0..5
match Mqtt m|^\x20\x02[\x00\x01][\x00-\x05]|

probe tls
ports 443,465,636,853,993,995,2376,5001,5986,6443,8006,8443,8883,9443,10250
# Inside TLS the NULL and GetRequest lines apply first; these read the certificate.
match Proxmox issuer m|\bO=PVE Cluster Manager CA\b| p/Proxmox VE/
match Unifi subject m|\bO=Ubiquiti Inc\.| p/UniFi Network/
match Synology subject m|\bO=Synology Inc\.| p/Synology DSM/
`;
