interface NetworkSelectProps {
  networks: readonly { id: string; name: string }[];
  /** The chosen network id; none is "All networks". */
  value: string | null | undefined;
  onChange: (networkId: string) => void;
  id?: string;
}

/** The network filter of a list page: "All networks" or one of them. */
export function NetworkSelect({ networks, value, onChange, id }: NetworkSelectProps) {
  return (
    <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
      <option value="">All networks</option>
      {networks.map((n) => (
        <option key={n.id} value={n.id}>
          {n.name}
        </option>
      ))}
    </select>
  );
}
