import type { OpenService } from '../domain/observed-host';
import {
  CONVERSATION,
  faviconMayName,
  followUps,
  hintedProbes,
  identified,
  judge,
  type ProbeOutcome,
  asksForTls,
  TLS,
  withFavicon,
} from '../domain/service-identification';
import { SERVICE_SIGNATURE_RULES } from '../domain/service-signature-rules';
import { parseSignatures, type SignatureMatch } from '../domain/service-signatures';
import { askActive } from './service-probes/active-probes';
import { connectTo, type ProbeTarget } from './service-probes/connect';
import { converse } from './service-probes/conversation';
import { askFavicon } from './service-probes/favicon';

const SIGNATURES = parseSignatures(SERVICE_SIGNATURE_RULES);
/** A reply is waited for at most this long (and never longer than the run's timeout). */
const REPLY_WAIT_MAX_MS = 1_000;
/** No further probe starts after this many of the run's timeouts on one port. */
const BUDGET_IN_TIMEOUTS = 3;

/**
 * Names the service on a port the connect scan found open, as nmap -sV does: the probes its port suggests
 * first (TLS on 443, SSLRequest on 5432, PING on 6379, ...), then a wait for a greeting and `GET /` on the
 * same connection, then the probes that can still tell (TLS when the port asked for it, those naming a
 * softmatched service, or all of them after silence). The first hard match ends it. A web server that
 * named no application is asked for /favicon.ico, whose hash may name it.
 */
export async function identifyService(address: string, port: number, timeoutMs: number): Promise<OpenService> {
  const target: ProbeTarget = { address, port, timeoutMs };
  const replyMs = Math.min(timeoutMs, REPLY_WAIT_MAX_MS);
  const deadline = Date.now() + BUDGET_IN_TIMEOUTS * timeoutMs;
  const planned = [...hintedProbes(SIGNATURES, port), CONVERSATION];
  const tried = new Set<string>();
  let best: SignatureMatch | undefined;
  let certificate: ProbeOutcome['certificate'];
  while (planned.length > 0 && Date.now() < deadline) {
    const probe = planned.shift()!;
    // A port that answered TLS or a softmatch needs no plain conversation.
    if (tried.has(probe) || (probe === CONVERSATION && (best || certificate))) continue;
    tried.add(probe);
    const outcome = await ask(probe, target, replyMs);
    certificate ??= outcome.certificate;
    const verdict = judge(SIGNATURES, outcome);
    if (probe === CONVERSATION) planned.push(...followUps(SIGNATURES, outcome, verdict));
    // A web server complaining that plain HTTP reached its TLS port is heard again through TLS.
    const heldForTls = probe === CONVERSATION && asksForTls(outcome.answer) && !tried.has(TLS);
    if (verdict && (!best || !verdict.soft)) best = verdict;
    if (verdict && !verdict.soft && !heldForTls) break;
  }
  if (faviconMayName(best) && Date.now() < deadline) {
    const hash = await askFavicon(target, certificate !== undefined, replyMs);
    if (hash !== undefined) best = withFavicon(SIGNATURES, best, hash);
  }
  return identified(port, best, certificate);
}

async function ask(probe: string, target: ProbeTarget, replyMs: number): Promise<ProbeOutcome> {
  if (probe !== CONVERSATION && probe !== TLS) return { answer: await askActive(probe, target, replyMs) };
  const opened = await connectTo(target, probe === TLS);
  if (!opened) return {};
  try {
    const answer = await converse(opened.socket, target.address, replyMs);
    return { ...(opened.certificate && { certificate: opened.certificate }), answer };
  } finally {
    opened.socket.destroy();
  }
}
