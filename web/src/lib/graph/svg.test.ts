import { describe, expect, it } from 'vitest';
import { toSvg } from './svg';

describe('toSvg', () => {
  const nodes = [
    { id: 'a', x: 0, y: 0, size: 5, color: '#112233', label: 'web <1>' },
    { id: 'b', x: 100, y: 50, size: 8, color: '#445566', label: "db & 'cache'" },
  ];

  it('draws edges under nodes, labels escaped, y flipped so it looks like the screen', () => {
    const svg = toSvg(nodes, [{ source: 'a', target: 'b', size: 2, color: '#999999', label: 'eth0 ↔ ge-1' }], {
      background: '#ffffff',
      textColor: '#000000',
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-40 -90 180 130"/);
    expect(svg).toContain('<line x1="0" y1="0" x2="100" y2="-50" stroke="#999999" stroke-width="2">');
    expect(svg).toContain('<circle cx="100" cy="-50" r="8" fill="#445566"/>');
    expect(svg).toContain('>web &lt;1&gt;</text>');
    expect(svg).toContain('>db &amp; &#39;cache&#39;</text>');
    expect(svg.indexOf('<line')).toBeLessThan(svg.indexOf('<circle'));
    expect(svg).toContain('<rect x="-40" y="-90" width="180" height="130" fill="#ffffff"/>');
  });

  it('skips edges whose ends are not drawn and still writes a document for an empty graph', () => {
    expect(
      toSvg(nodes, [{ source: 'a', target: 'x', size: 1, color: '#000' }], { background: '#fff', textColor: '#000' }),
    ).not.toContain('<line');
    expect(toSvg([], [], { background: '#fff', textColor: '#000' })).toMatch(/<\/svg>$/);
  });
});
