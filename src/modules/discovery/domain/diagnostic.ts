/** What a diagnostic is about: an SNMP agent, how a link was (or was not) drawn, where a MAC came from. */
export type DiagnosticTopic = 'snmp' | 'lldp' | 'cdp' | 'fdb' | 'arp' | 'mac';

/** One line a person can read about one host of a run: "no SNMP credential answered on 10.0.0.2". */
export interface RunDiagnostic {
  host_id: string | null;
  address: string | null;
  topic: DiagnosticTopic;
  message: string;
}

/** A diagnostic the scanner wrote about the address it was scanning (the host id comes with the ingest). */
export type ScanNote = Pick<RunDiagnostic, 'topic' | 'message'>;
