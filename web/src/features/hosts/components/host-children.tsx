import { Link } from 'react-router';
import type { Host } from '../api';
import { bindingLabels, formatSpeed, productOf, PROVENANCE_LABELS } from '../format';

/** A host's IP addresses, ports, services and interfaces: the rows of an expanded host and the detail. */

export function IpAddressTable({ host }: { host: Host }) {
  if (!host.ip_addresses.length) return <p className="muted">No IP addresses.</p>;
  return (
    <div className="table-wrap">
      <table className="hosts-child-table">
        <caption className="hosts-sr-only">IP addresses</caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">MAC</th>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          {host.ip_addresses.map((ip) => (
            <tr key={ip.id}>
              <td className="mono">{ip.ip_address}</td>
              <td className="mono">{ip.mac_address || '—'}</td>
              <td>{ip.name || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PortTable({ host }: { host: Host }) {
  if (!host.ports.length) return <p className="muted">No open ports.</p>;
  return (
    <div className="table-wrap">
      <table className="hosts-child-table">
        <caption className="hosts-sr-only">Ports</caption>
        <thead>
          <tr>
            <th scope="col">Port</th>
            <th scope="col">Protocol</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          {host.ports.map((port) => (
            <tr key={port.id}>
              <td className="mono">{port.number}</td>
              <td>{port.protocol.toUpperCase()}</td>
              <td>{port.type || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ServiceTable({ host }: { host: Host }) {
  if (!host.services.length) return <p className="muted">No services.</p>;
  return (
    <div className="table-wrap">
      <table className="hosts-child-table">
        <caption className="hosts-sr-only">Services</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Definition</th>
            <th scope="col">Product and version</th>
            <th scope="col">Listens on</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {host.services.map((service) => {
            const bindings = bindingLabels(host, service);
            return (
              <tr key={service.id}>
                <td>{service.name}</td>
                <td>{service.service_definition}</td>
                <td>{productOf(service) ?? <span className="muted">unknown</span>}</td>
                <td className="mono">{bindings.length ? bindings.join(', ') : <span className="muted">—</span>}</td>
                <td>{service.source.type}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Names of other hosts (neighbours), with their interfaces, as fetched by id. */
export type NeighbourHosts = ReadonlyMap<string, Host> | undefined;

export function InterfaceTable({ host, neighbours }: { host: Host; neighbours?: NeighbourHosts }) {
  if (!host.interfaces.length) return <p className="muted">No interfaces.</p>;
  const ips = new Map(host.ip_addresses.map((ip) => [ip.id, ip.ip_address]));
  return (
    <div className="table-wrap">
      <table className="hosts-child-table">
        <caption className="hosts-sr-only">Interfaces</caption>
        <thead>
          <tr>
            <th scope="col">Interface</th>
            <th scope="col">MAC</th>
            <th scope="col">Speed</th>
            <th scope="col">Status</th>
            <th scope="col">Address</th>
            <th scope="col">Neighbour</th>
          </tr>
        </thead>
        <tbody>
          {host.interfaces.map((iface) => (
            <tr key={iface.id}>
              <td>
                <span className="mono">{iface.if_name || `#${iface.if_index}`}</span>
                {iface.if_alias && <div className="muted">{iface.if_alias}</div>}
              </td>
              <td className="mono">{iface.mac_address || '—'}</td>
              <td className="hosts-nowrap">{formatSpeed(iface.speed_bps)}</td>
              <td>
                <span className={`hosts-status hosts-status-${iface.oper_status.toLowerCase()}`}>
                  {iface.oper_status}
                </span>
                {iface.admin_status !== 'Up' && iface.admin_status !== 'Unknown' && (
                  <span className="muted"> (admin {iface.admin_status.toLowerCase()})</span>
                )}
              </td>
              <td className="mono">{(iface.ip_address_id && ips.get(iface.ip_address_id)) || '—'}</td>
              <td>
                <Neighbour iface={iface} neighbours={neighbours} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Neighbour({ iface, neighbours }: { iface: Host['interfaces'][number]; neighbours?: NeighbourHosts }) {
  const neighbor = iface.neighbor;
  if (!neighbor) {
    const reported = iface.lldp_sys_name ?? iface.cdp_device_id;
    return reported ? (
      <span className="muted" title="Reported by the device but not matched to a known host">
        {reported} (unmatched)
      </span>
    ) : (
      <span className="muted">—</span>
    );
  }
  const other = neighbours?.get(neighbor.host_id);
  const port = other?.interfaces.find((i) => i.id === neighbor.interface_id);
  const how = neighbor.provenance ? PROVENANCE_LABELS[neighbor.provenance] : 'set by hand';
  return (
    <span className="hosts-neighbour">
      <Link to={`/hosts/${neighbor.host_id}`}>{other?.name ?? `host ${neighbor.host_id.slice(0, 8)}`}</Link>
      {port && <span className="mono"> · {port.if_name || `#${port.if_index}`}</span>}
      <span className="badge hosts-provenance" title={`Learnt by ${how}`}>
        {neighbor.provenance ? neighbor.provenance.toUpperCase() : 'manual'}
      </span>
    </span>
  );
}
