import type { PathEnd } from '../path';
import '../path.css';

export interface PathEnds {
  from: string | null;
  to: string | null;
  onEnd: (end: PathEnd, hostId: string) => void;
}

/** In a host's inspector: make it one end of a path (the other end is picked the same way). */
export function PathButtons({ hostId, ends }: { hostId: string; ends: PathEnds }) {
  return (
    <div className="path-buttons" role="group" aria-label="Path">
      <button type="button" aria-pressed={ends.from === hostId} onClick={() => ends.onEnd('from', hostId)}>
        Path from here
      </button>
      <button type="button" aria-pressed={ends.to === hostId} onClick={() => ends.onEnd('to', hostId)}>
        Path to here
      </button>
    </div>
  );
}
