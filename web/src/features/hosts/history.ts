import type { HostVersion } from './api';

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface VersionEntry {
  version: HostVersion;
  /** 'created' for the first version, else 'changed'. */
  kind: 'created' | 'changed';
  changes: FieldChange[];
  /** The instant to open the detail at to see this version; null for the live version (now). */
  at: string | null;
  live: boolean;
}

const FIELDS: { field: keyof HostVersion; label: string; show: (v: HostVersion) => string }[] = [
  { field: 'name', label: 'Name', show: (v) => v.name },
  { field: 'hostname', label: 'Hostname', show: (v) => v.hostname },
  { field: 'description', label: 'Description', show: (v) => v.description },
  { field: 'hidden', label: 'Hidden', show: (v) => (v.hidden ? 'yes' : 'no') },
  { field: 'network_id', label: 'Network', show: (v) => v.network_id },
  { field: 'source', label: 'Source', show: (v) => v.source.type },
  {
    field: 'virtualization',
    label: 'Virtualization',
    show: (v) => (v.virtualization ? `${v.virtualization.type} on ${v.virtualization.host_id}` : 'none'),
  },
];

/** The fields that differ between two consecutive versions of a host, in a fixed order. */
export function changesBetween(older: HostVersion, newer: HostVersion): FieldChange[] {
  return FIELDS.flatMap(({ field, label, show }) => {
    const before = show(older);
    const after = show(newer);
    return before === after ? [] : [{ field, label, before, after }];
  });
}

/**
 * A version is valid from valid_from (inclusive) to valid_to (exclusive). Dates reach the browser with
 * millisecond precision while the database keeps microseconds, so valid_from itself may fall just
 * before the version began: one millisecond later is inside it (unless it lasted less than that).
 */
export function instantOf(version: HostVersion): string {
  const from = new Date(version.valid_from).getTime();
  const to = version.valid_to ? new Date(version.valid_to).getTime() : Infinity;
  return new Date(Math.min(from + 1, Math.max(from, to - 1))).toISOString();
}

/**
 * The timeline of GET /hosts/{id}/history (newest first): each version with what changed since the one
 * before it. A deleted host's newest version is closed (valid_to set); it is shown as the deletion.
 */
export function buildTimeline(versions: readonly HostVersion[]): VersionEntry[] {
  const ordered = [...versions].sort((a, b) => new Date(b.valid_from).getTime() - new Date(a.valid_from).getTime());
  return ordered.map((version, index) => {
    const older = ordered[index + 1];
    const live = version.valid_to === null;
    return {
      version,
      kind: older ? 'changed' : 'created',
      changes: older ? changesBetween(older, version) : [],
      at: live ? null : instantOf(version),
      live,
    };
  });
}

/** Whether the newest version is closed: the host was deleted at its valid_to. */
export function deletedAt(versions: readonly HostVersion[]): string | null {
  if (!versions.length) return null;
  return versions.every((v) => v.valid_to !== null)
    ? versions.reduce((a, b) => (new Date(a.valid_to!) > new Date(b.valid_to!) ? a : b)).valid_to
    : null;
}
