import { CATALOGUE, identify } from './service-catalogue';

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

  it('prefers what an HTTP answer says, then a greeting, then the usual port', () => {
    expect(identify({ port: 8123, http: 'Server: Python/3.11 <title>Home Assistant</title>' })).toBe('HomeAssistant');
    expect(identify({ port: 80, http: 'Server: nginx/1.25.3' })).toBe('Nginx');
    expect(identify({ port: 81, http: 'Server: somethingelse' })).toBe('Http');
    expect(identify({ port: 8443, http: '', tls: true })).toBe('Https');
    expect(identify({ port: 2222, banner: 'SSH-2.0-OpenSSH_9.6\r\n' })).toBe('Ssh');
    expect(identify({ port: 6380, banner: '-NOAUTH Authentication required.' })).toBe('Redis');
    expect(identify({ port: 5432 })).toBe('Postgres');
    expect(identify({ port: 445 })).toBe('Smb');
    expect(identify({ port: 80 })).toBe('Http');
    expect(identify({ port: 40000 })).toBe('Custom');
  });
});
