import type { OpenService } from './observed-host';
import { usualService } from './service-catalogue';
import {
  matchAnswer,
  type ProbeAnswer,
  probesNaming,
  type SignatureMatch,
  type Signatures,
} from './service-signatures';

/** The probe that sends nothing, then `GET /` on the same connection when nothing was said. */
export const CONVERSATION = 'NULL';
export const TLS = 'tls';
/** Asked only after GET / named nothing but HTTP (see faviconMayName). */
export const FAVICON = 'favicon';
/** Answered inside the conversation: not a probe of its own. */
const GET_REQUEST = 'GetRequest';

/** What a TLS server showed in its handshake, formatted as the tls rules read it. */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  san: string;
}

/** What one probe brought back: an answer (the conversation's, inside TLS for the tls probe) and a certificate. */
export interface ProbeOutcome {
  answer?: ProbeAnswer;
  certificate?: CertificateFacts;
}

/** A TLS record (alert or handshake), or a web server's complaint that plain HTTP reached its TLS port. */
const ASKS_FOR_TLS = [
  /^[\x15\x16]\x03[\x00-\x04]/, // eslint-disable-line no-control-regex
  /^HTTP\/[\d.]+ 400[\s\S]*(?:plain HTTP request was sent to HTTPS port|speaking plain HTTP to an SSL-enabled server|sent an HTTP request to an HTTPS server)/,
];

export function asksForTls(answer: ProbeAnswer | undefined): boolean {
  return answer !== undefined && ASKS_FOR_TLS.some((pattern) => pattern.test(answer.raw));
}

/** What an outcome says: a hard match of the conversation, else of the certificate; else a softmatch. */
export function judge(signatures: Signatures, outcome: ProbeOutcome): SignatureMatch | undefined {
  const spoken = outcome.answer && matchAnswer(signatures, outcome.answer);
  const shown =
    outcome.certificate && matchAnswer(signatures, { probe: TLS, raw: '', fields: { ...outcome.certificate } });
  return [spoken, shown].find((m) => m && !m.soft) ?? spoken ?? shown;
}

/**
 * The probes worth asking after the conversation: TLS when the port asked for it; after a (soft)match, those
 * that can name that service; after silence, every other probe in the rules' order (TLS, PostgreSQL and
 * MQTT wait for the client to speak first and drop a GET; Redis drops a connection that sent a Host header).
 */
export function followUps(
  signatures: Signatures,
  outcome: ProbeOutcome,
  matched: SignatureMatch | undefined,
): string[] {
  const others = (probes: string[]) => probes.filter((p) => ![CONVERSATION, GET_REQUEST, FAVICON].includes(p));
  if (asksForTls(outcome.answer)) return [TLS];
  if (matched) return others(probesNaming(signatures, matched.definition));
  return outcome.answer ? [] : others(signatures.probes);
}

/**
 * Whether the favicon may still name the service: GET / was answered (plainly or inside TLS) but named no
 * application, only HTTP, maybe with its server or framework (Uptime Kuma's GET / is Express's redirect).
 */
export function faviconMayName(match: SignatureMatch | undefined): match is SignatureMatch {
  return match?.definition === 'Http';
}

/** The favicon rule that knows the icon's hash names the service; else the hash joins what GET / showed. */
export function withFavicon(signatures: Signatures, match: SignatureMatch, hash: number): SignatureMatch {
  const named = matchAnswer(signatures, { probe: FAVICON, raw: String(hash) });
  return named ?? { ...match, evidence: `${match.evidence}, favicon hash ${hash}` };
}

/** The probes a port is asked with before the conversation (TLS on 443, SSLRequest on 5432, ...). */
export function hintedProbes(signatures: Signatures, port: number): string[] {
  return signatures.probes.filter((probe) => signatures.ports.get(probe)?.includes(port));
}

/**
 * The service on a port from the best match (HTTP inside TLS is Https; the certificate joins the
 * evidence), else its usual port (weak, and the evidence says so), else Custom.
 */
export function identified(port: number, match?: SignatureMatch, certificate?: CertificateFacts): OpenService {
  const tls = certificate && `TLS subject ${certificate.subject || certificate.san || '(none)'}`;
  const withTls = (evidence: string) => (tls ? `${evidence}, ${tls}` : evidence);
  if (match) {
    const fromCertificate = ['subject', 'issuer', 'san'].includes(match.field) && certificate;
    return {
      port,
      service_definition: certificate && match.definition === 'Http' ? 'Https' : match.definition,
      ...(match.product && { product: match.product }),
      ...(match.version && { version: match.version }),
      evidence: fromCertificate ? match.evidence : withTls(match.evidence),
    };
  }
  const usual = usualService(port);
  return {
    port,
    service_definition: usual ?? 'Custom',
    evidence: withTls(usual ? `port ${port} only` : 'nothing recognised'),
  };
}
