import { httpFields } from './http-answer';
import { faviconMayName, followUps, hintedProbes, identified, judge, withFavicon } from './service-identification';
import { SERVICE_SIGNATURE_RULES } from './service-signature-rules';
import { parseSignatures } from './service-signatures';

const signatures = parseSignatures(SERVICE_SIGNATURE_RULES);
const get = (raw: string) => ({ probe: 'GetRequest', raw, fields: httpFields(raw) });
const proxmoxCa = {
  subject: 'CN=pve.lab',
  issuer: 'CN=Proxmox Virtual Environment, O=PVE Cluster Manager CA',
  san: '',
};
const selfSigned = { subject: 'CN=grafana.lab', issuer: 'CN=grafana.lab', san: 'DNS:grafana.lab' };

describe('service identification', () => {
  it('asks TLS first on TLS ports, SSLRequest on 5432, PING on 6379, CONNECT on 1883, nothing first elsewhere', () => {
    expect(hintedProbes(signatures, 443)).toEqual(['tls']);
    expect(hintedProbes(signatures, 5432)).toEqual(['postgres-sslrequest']);
    expect(hintedProbes(signatures, 6379)).toEqual(['redis-ping']);
    expect(hintedProbes(signatures, 1883)).toEqual(['mqtt-connect']);
    expect(hintedProbes(signatures, 8080)).toEqual([]);
  });

  it('prefers a hard match of what was said, then of the certificate, then a softmatch', () => {
    const plain = get('HTTP/1.1 200 OK\r\n\r\n');
    expect(judge(signatures, { answer: plain, certificate: proxmoxCa })).toMatchObject({ definition: 'Proxmox' });
    expect(
      judge(signatures, { answer: get('HTTP/1.1 200 OK\r\nServer: nginx\r\n\r\n'), certificate: proxmoxCa }),
    ).toMatchObject({ definition: 'Nginx' });
    expect(judge(signatures, { answer: plain, certificate: selfSigned })).toMatchObject({
      definition: 'Http',
      soft: true,
    });
    expect(judge(signatures, {})).toBeUndefined();
  });

  it('asks next: TLS when the port wants it, probes that can confirm a softmatch, every probe after silence', () => {
    const tlsAlert = { answer: { probe: 'GetRequest', raw: '\x15\x03\x01\x00\x02\x02\x46' } };
    expect(followUps(signatures, tlsAlert, undefined)).toEqual(['tls']);
    const nginx400 = get(
      'HTTP/1.1 400 Bad Request\r\nServer: nginx\r\n\r\n<title>400 The plain HTTP request was sent to HTTPS port</title>',
    );
    expect(followUps(signatures, { answer: nginx400 }, judge(signatures, { answer: nginx400 }))).toEqual(['tls']);
    const redisError = { answer: { probe: 'GetRequest', raw: '-ERR unknown command\r\n' } };
    expect(followUps(signatures, redisError, judge(signatures, redisError))).toEqual(['redis-ping']);
    const http = { answer: get('HTTP/1.1 200 OK\r\n\r\n') };
    expect(followUps(signatures, http, judge(signatures, http))).toEqual([]);
    expect(followUps(signatures, {}, undefined)).toEqual(['redis-ping', 'postgres-sslrequest', 'mqtt-connect', 'tls']);
    expect(followUps(signatures, { answer: { probe: 'NULL', raw: 'hello\r\n' } }, undefined)).toEqual([]);
  });

  it('calls HTTP inside TLS Https and adds the certificate to the evidence', () => {
    const match = judge(signatures, { answer: get('HTTP/1.1 200 OK\r\n\r\n'), certificate: selfSigned });
    expect(identified(8443, match, selfSigned)).toEqual({
      port: 8443,
      service_definition: 'Https',
      evidence: 'HTTP 200, TLS subject CN=grafana.lab',
    });
    const pve = judge(signatures, { certificate: proxmoxCa });
    expect(identified(8006, pve, proxmoxCa)).toEqual({
      port: 8006,
      service_definition: 'Proxmox',
      product: 'Proxmox VE',
      evidence: 'TLS issuer CN=Proxmox Virtual Environment, O=PVE Cluster Manager CA',
    });
  });

  it('asks for the favicon only when GET / named no application, whatever the server or framework', () => {
    const named = (raw: string) => judge(signatures, { answer: get(raw) });
    expect(faviconMayName(named('HTTP/1.1 200 OK\r\n\r\n'))).toBe(true);
    expect(faviconMayName(named('HTTP/1.1 302 Found\r\nX-Powered-By: Express\r\nLocation: /dashboard\r\n\r\n'))).toBe(
      true,
    );
    expect(faviconMayName(named('HTTP/1.1 200 OK\r\nServer: nginx\r\n\r\n'))).toBe(false);
    expect(faviconMayName(named('HTTP/1.1 200 OK\r\n\r\n<title>Grafana</title>'))).toBe(false);
    expect(faviconMayName(judge(signatures, { answer: { probe: 'NULL', raw: 'SSH-2.0-OpenSSH_9.6\r\n' } }))).toBe(
      false,
    );
    expect(faviconMayName(undefined)).toBe(false);
  });

  it("names the service by a favicon hash the rules know, else keeps GET /'s answer and adds the hash", () => {
    const express = judge(signatures, {
      answer: get('HTTP/1.1 302 Found\r\nX-Powered-By: Express\r\nLocation: /dashboard\r\n\r\n'),
    })!;
    expect(identified(3001, withFavicon(signatures, express, 1866999254))).toEqual({
      port: 3001,
      service_definition: 'UptimeKuma',
      product: 'Uptime Kuma',
      evidence: 'favicon hash 1866999254',
    });
    const plain = judge(signatures, { answer: get('HTTP/1.1 200 OK\r\n\r\n') })!;
    expect(identified(8443, withFavicon(signatures, plain, 81586312), selfSigned)).toEqual({
      port: 8443,
      service_definition: 'Jenkins',
      product: 'Jenkins',
      evidence: 'favicon hash 81586312, TLS subject CN=grafana.lab',
    });
    expect(identified(8080, withFavicon(signatures, plain, -12345))).toEqual({
      port: 8080,
      service_definition: 'Http',
      evidence: 'HTTP 200, favicon hash -12345',
    });
  });

  it('falls back on the usual port, saying so, else Custom', () => {
    expect(identified(5432)).toEqual({ port: 5432, service_definition: 'Postgres', evidence: 'port 5432 only' });
    expect(identified(636, undefined, selfSigned)).toEqual({
      port: 636,
      service_definition: 'Ldap',
      evidence: 'port 636 only, TLS subject CN=grafana.lab',
    });
    expect(identified(40000)).toEqual({ port: 40000, service_definition: 'Custom', evidence: 'nothing recognised' });
  });
});
