import { CATALOGUE, usualService } from './service-catalogue';

describe('service catalogue', () => {
  it('knows at least 60 service definitions, each name once', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CATALOGUE.map((d) => d.name)).size).toBe(CATALOGUE.length);
    for (const name of [
      'Http',
      'Https',
      'Ssh',
      'Smtp',
      'Dns',
      'Postgres',
      'MySql',
      'Redis',
      'Mqtt',
      'Snmp',
      'Rdp',
      'Smb',
      'Ldap',
      'Docker',
      'Kubernetes',
      'Proxmox',
      'Grafana',
      'Prometheus',
      'HomeAssistant',
      'PiHole',
      'Nginx',
      'Traefik',
    ]) {
      expect(CATALOGUE.map((d) => d.name)).toContain(name);
    }
  });

  it('names a port by its usual service only where the port says something; web applications have none', () => {
    expect(usualService(5432)).toBe('Postgres');
    expect(usualService(445)).toBe('Smb');
    expect(usualService(80)).toBe('Http');
    expect(usualService(443)).toBe('Https');
    expect(usualService(9100)).toBe('Printer');
    expect(usualService(3000)).toBeUndefined();
    expect(usualService(40000)).toBeUndefined();
  });
});
