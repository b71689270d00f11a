import { describe, expect, it } from 'vitest';
import { portsFrom, startsAtSource } from './reading';

/** The angle sigma turns an edge label by (drawStraightEdgeLabel, viewport coordinates, y down). */
function sigmaAngle(s: { x: number; y: number }, t: { x: number; y: number }) {
  const [dx, dy] = [t.x - s.x, t.y - s.y];
  const d = Math.hypot(dx, dy);
  if (dx > 0) return dy > 0 ? Math.acos(dx / d) : Math.asin(dy / d);
  return dy > 0 ? Math.acos(dx / d) + Math.PI : Math.asin(dx / d) + Math.PI / 2;
}

describe('link labels in reading order', () => {
  it('name first the port of the end where sigma starts writing, in every direction', () => {
    const source = { x: 0, y: 0 };
    for (let degrees = 0; degrees < 360; degrees += 15) {
      const a = (degrees * Math.PI) / 180;
      const target = { x: Math.round(Math.cos(a) * 100), y: Math.round(Math.sin(a) * 100) };
      const angle = sigmaAngle(source, target);
      const writing = { x: Math.cos(angle), y: Math.sin(angle) };
      // The text runs from the start end towards the other end.
      const [from, to] = startsAtSource(source, target) ? [source, target] : [target, source];
      expect(writing.x * (to.x - from.x) + writing.y * (to.y - from.y)).toBeGreaterThan(0);
    }
  });

  it('reads "eth0 ↔ ge-0/0/1" from the server end and "ge-0/0/1 ↔ eth0" from the switch end', () => {
    const ports = ['ge-0/0/1', 'eth0'] as const; // source: the switch
    expect(portsFrom(ports, true)).toBe('ge-0/0/1 ↔ eth0');
    expect(portsFrom(ports, false)).toBe('eth0 ↔ ge-0/0/1');
    // A switch drawn above its server (a vertical cable): sigma writes upwards, from the server.
    expect(startsAtSource({ x: 100, y: 50 }, { x: 100, y: 250 })).toBe(false);
    // The switch left of the server: from the switch.
    expect(startsAtSource({ x: 0, y: 0 }, { x: 200, y: 30 })).toBe(true);
  });
});
