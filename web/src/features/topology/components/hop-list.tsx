import { DeviceIcon } from '../../../components/device-icon';
import { DEVICE_TYPE_LABELS, type DeviceType } from '../../../lib/device-types';
import { formatSpeed } from '../format';
import { learntBy, type PathHop, type PathLink } from '../path';

const deviceType = (type: string): DeviceType => (type in DEVICE_TYPE_LABELS ? (type as DeviceType) : 'Unknown');

/**
 * A path hop by hop: each device with its type and the ports the path comes in and leaves by; between two
 * devices the link, its speed and how it was learnt. A device or a link clicked is selected on the map.
 */
export function HopList({
  hops,
  links,
  onSelectId,
}: {
  hops: PathHop[];
  links: PathLink[];
  onSelectId: (id: string) => void;
}) {
  return (
    <ol className="hop-list" aria-label="Hops">
      {hops.map((hop, i) => {
        const type = deviceType(hop.device_type);
        const link = links[i];
        return (
          <li key={hop.host_id} className="hop" data-testid="path-hop">
            <div className="hop-device">
              <span className="hop-number" aria-hidden="true">
                {i + 1}
              </span>
              <DeviceIcon type={type} decorative />
              <button type="button" className="link-button" onClick={() => onSelectId(hop.host_id)}>
                {hop.label}
              </button>
              <span className="muted">{DEVICE_TYPE_LABELS[type]}</span>
            </div>
            {(hop.in || hop.out) && (
              <p className="hop-ports">
                {hop.in && (
                  <span>
                    in <span className="mono">{hop.in.name}</span>
                  </span>
                )}
                {hop.out && (
                  <span>
                    out <span className="mono">{hop.out.name}</span>{' '}
                    <span className="muted">{formatSpeed(hop.out.speed_bps)}</span>
                  </span>
                )}
              </p>
            )}
            {link && (
              <p className="hop-link" data-testid="path-link">
                <button type="button" className="link-button" onClick={() => onSelectId(link.id)}>
                  {formatSpeed(link.speed_bps)} link
                </button>
                , {learntBy(link.provenance)}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
