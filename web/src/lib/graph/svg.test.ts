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

  it('draws containers as boxes under the edges, and frames the drawing around them', () => {
    const box = { id: 's', left: -24, right: 300, top: 74, bottom: -24, color: '#8250df' };
    const svg = toSvg(nodes, [{ source: 'a', target: 'b', size: 2, color: '#999999' }], {
      background: '#ffffff',
      textColor: '#000000',
      boxes: [box],
    });
    expect(svg).toContain(
      '<rect x="-24" y="-74" width="324" height="98" rx="10" fill="#8250df" fill-opacity="0.08" stroke="#8250df" stroke-opacity="0.45"/>',
    );
    expect(svg.indexOf('class="containers"')).toBeLessThan(svg.indexOf('<line'));
    // the box reaches further right and up than the nodes: the view box takes it in, with the padding
    expect(svg).toMatch(/viewBox="-64 -114 404 178"/);
  });

  it('carries a heading, edge labels along their lines and a legend when asked, every text escaped', () => {
    const svg = toSvg(
      nodes.map((n, i) => (i === 0 ? { ...n, glyph: '<circle cx="12" cy="12" r="9"/>' } : n)),
      [{ source: 'a', target: 'b', size: 2, color: '#999999', label: 'ge-1 ↔ eth0 <x>' }],
      {
        background: '#ffffff',
        textColor: '#000000',
        mutedColor: '#555555',
        edgeLabels: true,
        heading: { title: 'L2 physical topology', subtitle: 'Lab & co · live at 2026-11-28 15:30 UTC' },
        legend: [
          { label: 'Switch', color: '#0e7f86', shape: 'node' },
          { label: 'L2 link', color: '#8c959f', shape: 'edge' },
        ],
      },
    );
    // 56 units of heading above the drawing (-90 before), 36 of legend below it.
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-40 -146 [\d.]+ 222"/);
    expect(svg).toContain('<title>L2 physical topology: Lab &amp; co · live at 2026-11-28 15:30 UTC</title>');
    expect(svg).toContain('font-weight="600" fill="#000000">L2 physical topology</text>');
    expect(svg).toContain('fill="#555555">Lab &amp; co · live at 2026-11-28 15:30 UTC</text>');
    expect(svg).toContain('text-anchor="middle" font-size="9" fill="#555555">ge-1 ↔ eth0 &lt;x&gt;</text>');
    expect(svg).toMatch(/<g class="legend"[^>]*>\s*<g><circle [^>]*fill="#0e7f86"\/><text [^>]*>Switch<\/text><\/g>/);
    expect(svg).toMatch(/<line [^>]*stroke="#8c959f" stroke-width="3"\/><text [^>]*>L2 link<\/text>/);
    expect(svg).toContain(
      'stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12"',
    );
  });

  it("writes a link's ports in reading order: the port of the end the text starts from first", () => {
    const link = (source: string, target: string) =>
      toSvg(nodes, [{ source, target, size: 1, color: '#999', label: 'static', ports: ['ge-1', 'eth0'] as const }], {
        background: '#fff',
        textColor: '#000',
        edgeLabels: true,
      });
    // a is left of b: the text starts at a.
    expect(link('a', 'b')).toContain('>ge-1 ↔ eth0</text>');
    expect(link('b', 'a')).toContain('>eth0 ↔ ge-1</text>');
  });

  it('skips edges whose ends are not drawn and still writes a document for an empty graph', () => {
    expect(
      toSvg(nodes, [{ source: 'a', target: 'x', size: 1, color: '#000' }], { background: '#fff', textColor: '#000' }),
    ).not.toContain('<line');
    expect(toSvg([], [], { background: '#fff', textColor: '#000' })).toMatch(/<\/svg>$/);
  });
});
