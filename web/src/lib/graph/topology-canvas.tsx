import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Graph from 'graphology';
import type { CameraState } from 'sigma/types';
import { useGraphColors, type GraphColors } from './colors';
import { drawContainers } from './container-layer';
import { DeviceIcon } from '../../components/device-icon';
import { DEVICE_TYPE_LABELS } from '../device-types';
import { DEVICE_COLORS, glyphsDecoded, legendOf } from './device-look';
import { initialPositions } from './layout';
import { keepPlaces, recall, remember } from './layout-memory';
import { Minimap } from './minimap';
import { buildDrawnGraph, CONTAINS, searchEntries, type DrawnGraph } from './model';
import { SearchBox, type SearchEntry } from './search-box';
import { freeArea, type Box } from './fit';
import {
  applyTheme,
  createRenderer,
  fittedCamera,
  sameCamera,
  recolour,
  toGraphology,
  type ReducerState,
  type TopologyGraphology,
  type TopologySigma,
} from './sigma-renderer';
import { ExportMenu } from './export-menu';
import type { ExportCaption } from './export-meta';
import { exportMap, type ExportFormat } from './exports';
import type { Highlight, Point, Positions, Selection, TopologyGraph, View } from './types';
import './graph.css';

export interface CanvasControls {
  /** The find-a-node combobox. */
  search: boolean;
  /** Zoom in, out and fit buttons. */
  zoom: boolean;
  minimap: boolean;
  /** Downloads: PNG, SVG, draw.io, GraphML. */
  export: boolean;
  /** Colours of the node kinds present. */
  legend: boolean;
}

export interface TopologyCanvasProps {
  graph: TopologyGraph;
  view: View;
  /** A node, interface or edge id (as the API sent it). */
  selectedId?: string | null;
  onSelect?: (selection: Selection | null) => void;
  /** Diff colouring: items not named are dimmed. */
  highlight?: Highlight;
  /** No dragging and no position saving (public shares). */
  readOnly?: boolean;
  /** A node was dragged to a new place: its new position, to save. */
  onPositionsChange?: (positions: Positions) => void;
  controls?: Partial<CanvasControls>;
  /** The downloads' name without extension. */
  fileName?: string;
  /** What PNG and SVG exports say they show (title, network, instant); the title defaults to `label`. */
  caption?: ExportCaption;
  /** What a screen reader hears for the drawing. */
  label?: string;
  /** Where this browser remembers the places it drew (network and view): nodes keep them across loads. */
  layoutScope?: string;
  /** Searches the whole view (the server): matches inside closed groups come with the groups to open. */
  find?: (text: string) => Promise<SearchEntry[]>;
  /** A match that is not drawn was picked: open its groups and select it (`id` is the node to select). */
  onReveal?: (entry: SearchEntry) => void;
}

interface Mark {
  drawn: DrawnGraph;
  savedKey: string;
}
type EventState = ReducerState & {
  onSelect?: (selection: Selection | null) => void;
  readOnly: boolean;
  onMoved?: (positions: Positions) => void;
  drawn: DrawnGraph;
};

/**
 * For tests: [data-testid="topology-canvas"] answers where each drawn node is on the screen, in the page's
 * client coordinates (CSS pixels), as sigma's graphToViewport places it with the current camera.
 */
export interface TopologyCanvasElement extends HTMLDivElement {
  nodeScreenPositions?: () => Record<string, Point>;
}

/** What covers the drawing: the camera's fit keeps nodes out from under these. */
const OVERLAYS = '.graph-top-left, .graph-top-right, .graph-legend, .graph-bottom-right';

const ALL_CONTROLS: CanvasControls = { search: true, zoom: true, minimap: true, export: true, legend: true };

/**
 * The topology drawn with sigma.js (WebGL): pan with a drag, zoom with the wheel or the buttons, click a
 * node or edge to select it, Escape to clear, drag a node to move it (unless read-only). When the first
 * frame of new data is drawn, [data-testid="topology-canvas"] gets data-state="ready" and the page gets the
 * performance mark 'topology:interactive'.
 */
export function TopologyCanvas({
  graph,
  view,
  selectedId = null,
  onSelect,
  highlight,
  readOnly = false,
  onPositionsChange,
  controls,
  fileName = 'topology',
  caption,
  label = 'Network topology',
  layoutScope,
  find,
  onReveal,
}: TopologyCanvasProps) {
  const show = { ...ALL_CONTROLS, ...controls };
  const [wrapper, setWrapper] = useState<HTMLDivElement | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const colors = useGraphColors(wrapper);
  // One renderer per mounted canvas (WebGL programs are compiled once). Marks, set from callbacks (a
  // frame, the end of a layout), name the data set and saved layout they were for.
  const [renderer, setRenderer] = useState<TopologySigma | null>(null);
  const [drawnFor, setDrawnFor] = useState<Mark | null>(null);

  // structural sharing keeps nodes/edges the same objects when only saved positions change
  const drawn = useMemo(
    () => buildDrawnGraph({ nodes: graph.nodes, edges: graph.edges }, view),
    [graph.nodes, graph.edges, view],
  );
  const saved = graph.positions;
  const savedKey = useMemo(() => JSON.stringify(saved ?? {}), [saved]);
  const current = (mark: Mark | null) => !!renderer && mark?.drawn === drawn && mark.savedKey === savedKey;
  const ready = current(drawnFor);

  // What the reducers and event handlers read: kept in a ref so a change redraws without a rebuild.
  const state = useRef<EventState>(null!);
  const colorsRef = useRef<GraphColors | null>(null);
  useLayoutEffect(() => {
    const edge = selectedId ? drawn.edges.find((e) => e.id === selectedId) : undefined;
    const folded = selectedId ? drawn.drawnIdOf.get(selectedId) : undefined;
    const selectedDrawn = edge ? [edge.source, edge.target] : folded ? [folded] : [];
    state.current = {
      selected: selectedId,
      selectedDrawn,
      highlight,
      colors: colors!,
      onSelect,
      readOnly,
      onMoved: onPositionsChange,
      drawn,
    };
    colorsRef.current = colors;
    renderer?.refresh({ skipIndexation: true });
  }, [selectedId, highlight, colors, onSelect, readOnly, onPositionsChange, drawn, renderer]);

  const hasColors = colors !== null;
  /** The data set the renderer's graph was built from. */
  const shown = useRef<DrawnGraph | null>(null);
  const framedScope = useRef<string | null>(null);

  // The camera fits the drawing into the part of the canvas no overlay covers (fit.ts). The last fitted
  // state is kept: while the camera is still there, the end of a layout or a new size of the canvas fits again.
  const lastFit = useRef<CameraState | null>(null);
  const fit = useCallback(
    (animate: boolean) => {
      if (!renderer || !wrapper) return;
      const stageBox = renderer.getContainer().getBoundingClientRect();
      const overlays: Box[] = [...wrapper.querySelectorAll(OVERLAYS)].map((element) => {
        const r = element.getBoundingClientRect();
        return {
          left: r.left - stageBox.left,
          top: r.top - stageBox.top,
          right: r.right - stageBox.left,
          bottom: r.bottom - stageBox.top,
        };
      });
      const target = fittedCamera(renderer, (drawing) => freeArea(renderer.getDimensions(), overlays, drawing));
      lastFit.current = target;
      if (animate) void renderer.getCamera().animate(target, { duration: 300 });
      else renderer.getCamera().setState(target);
    },
    [renderer, wrapper],
  );
  const stillFitted = useCallback(
    () => !!renderer && sameCamera(lastFit.current, renderer.getCamera().getState()),
    [renderer],
  );
  useEffect(() => {
    if (!stage.current || !hasColors) return;
    const sigma = createRenderer(new Graph(), stage.current, () => state.current);
    wireEvents(sigma, () => state.current);
    drawContainers(sigma, () => state.current);
    setRenderer(sigma);
    return () => {
      sigma.kill();
      setRenderer(null);
      shown.current = null;
    };
  }, [hasColors]);

  // A new data set (network, view, instant, expanded group) gets a new graph in the same renderer and a
  // fitted camera; then positions: saved ones win, the rest computed for the view, force layouts in
  // bounded slices. A refetch bringing only saved positions leaves the camera where it is.
  // Within one network and view (a group opened or closed, another instant), the frame stays: the old
  // drawing's extent is kept as sigma's frame, so the camera shows the same place and nothing else moves.
  useEffect(() => {
    if (!renderer) return;
    const fresh = shown.current !== drawn;
    const scope = layoutScope ?? view;
    const inPlace = fresh && shown.current !== null && framedScope.current === scope;
    if (fresh) {
      const frame = inPlace ? renderer.getBBox() : null;
      shown.current = drawn;
      framedScope.current = scope;
      renderer.setGraph(toGraphology(drawn, colorsRef.current!));
      renderer.setCustomBBox(frame);
    }
    const positions: Positions = JSON.parse(savedKey);
    const graphology = renderer.getGraph();
    const computed = initialPositions(drawn, view, positions);
    const start = layoutScope ? keepPlaces(drawn, computed, { ...recall(layoutScope), ...positions }) : computed;
    if (layoutScope) remember(layoutScope, start);
    graphology.updateEachNodeAttributes((id, a) => ({ ...a, ...start[id] }));
    renderer.refresh();
    if (fresh && !inPlace) fit(false);
    // ready once the pictograms are in and a frame has been drawn with them
    let frame = 0;
    let live = true;
    void glyphsDecoded().then(() => {
      if (!live) return;
      frame = requestAnimationFrame(() => {
        setDrawnFor({ drawn, savedKey });
        performance.mark('topology:interactive');
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [renderer, drawn, view, savedKey, fit, layoutScope]);

  // A new size of the canvas (the side panel opened, the window resized): drawn again, and fitted again
  // unless someone moved the camera since the last fit.
  useEffect(() => {
    if (!renderer) return;
    const observer = new ResizeObserver(() => {
      renderer.refresh();
      if (stillFitted()) fit(false);
    });
    observer.observe(renderer.getContainer());
    return () => observer.disconnect();
  }, [renderer, fit, stillFitted]);

  useEffect(() => {
    const element = renderer?.getContainer().parentElement as TopologyCanvasElement | null | undefined;
    if (!renderer || !element) return;
    element.nodeScreenPositions = () => {
      const stageBox = renderer.getContainer().getBoundingClientRect();
      return Object.fromEntries(
        renderer.getGraph().mapNodes((id, a) => {
          const p = renderer.graphToViewport(a);
          return [id, { x: stageBox.left + p.x, y: stageBox.top + p.y }];
        }),
      );
    };
    return () => {
      delete element.nodeScreenPositions;
    };
  }, [renderer]);

  // A new theme: new colours, same graph and camera.
  useEffect(() => {
    if (!renderer || !colors || shown.current !== drawn) return;
    recolour(renderer.getGraph() as TopologyGraphology, drawn, colors);
    applyTheme(renderer, colors);
  }, [renderer, drawn, colors]);

  // Escape clears the selection, wherever the focus is (a combobox's Escape closes its list first).
  useEffect(() => {
    if (!onSelect) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onSelect(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSelect]);

  const focusNode = useCallback(
    (drawnId: string) => {
      const display = renderer?.getNodeDisplayData(drawnId);
      if (!renderer || !display) return;
      const ratio = Math.min(renderer.getCamera().getState().ratio, 0.6);
      void renderer.getCamera().animate({ x: display.x, y: display.y, ratio }, { duration: 400 });
    },
    [renderer],
  );

  // A link naming a selection (?node=…) opens on it: once per data set, when it is drawn.
  const openedOn = useRef<DrawnGraph | null>(null);
  useEffect(() => {
    if (!ready || openedOn.current === drawn) return;
    openedOn.current = drawn;
    if (!selectedId) return;
    const edge = drawn.edges.find((e) => e.id === selectedId);
    const target = edge ? edge.source : drawn.drawnIdOf.get(selectedId);
    if (target) focusNode(target);
  }, [ready, drawn, selectedId, focusNode]);

  const entries = useMemo(() => searchEntries(drawn), [drawn]);
  const camera = renderer?.getCamera();

  const exportAs = async (format: ExportFormat) => {
    if (!renderer || !colors) return;
    const { highlight: marked } = state.current;
    await exportMap(format, {
      renderer,
      drawn,
      colors,
      highlight: marked,
      caption: caption ?? { title: label },
      fileName,
    });
  };

  const minimapColour = useMemo(
    () => (highlight && colors ? (id: string) => (highlight[id] ? colors[highlight[id]] : colors.dim) : undefined),
    [highlight, colors],
  );

  const legend = useMemo(() => legendOf(drawn), [drawn]);
  const highlightLegend = useMemo(() => legendOfHighlight(highlight), [highlight]);

  return (
    <div
      ref={setWrapper}
      className="topology-canvas"
      data-testid="topology-canvas"
      data-state={ready ? 'ready' : 'loading'}
      data-nodes={drawn.nodes.length}
      data-edges={drawn.edges.filter((e) => e.kind !== CONTAINS).length}
    >
      <div ref={stage} className="graph-stage" role="img" aria-label={label} />
      {show.search && (
        <div className="graph-top-left">
          <SearchBox<SearchEntry>
            entries={entries}
            remote={find}
            onPick={(entry) => {
              const node = drawn.byId.get(entry.id);
              if (!node) return onReveal?.(entry);
              focusNode(drawn.drawnIdOf.get(entry.id) ?? entry.id);
              onSelect?.({ type: 'node', node });
            }}
          />
        </div>
      )}
      <div className="graph-top-right" role="toolbar" aria-label="Graph view">
        {show.zoom && (
          <>
            <button type="button" aria-label="Zoom in" title="Zoom in" onClick={() => void camera?.animatedZoom(1.5)}>
              +
            </button>
            <button
              type="button"
              aria-label="Zoom out"
              title="Zoom out"
              onClick={() => void camera?.animatedUnzoom(1.5)}
            >
              −
            </button>
            <button type="button" aria-label="Fit to screen" title="Fit to screen" onClick={() => fit(true)}>
              ⤢
            </button>
          </>
        )}
        {show.export && <ExportMenu disabled={!ready} onExport={(format) => void exportAs(format)} />}
      </div>
      {show.legend && colors && (
        <ul className="graph-legend" aria-label="Legend">
          {highlight
            ? highlightLegend.map(([mark, text]) => (
                <li key={mark}>
                  <span className="graph-swatch" style={{ background: mark === 'other' ? colors.dim : colors[mark] }} />{' '}
                  {text}
                </li>
              ))
            : [
                ...legend.types.map((t) => (
                  <li key={t}>
                    <span className="graph-swatch graph-device" style={{ background: DEVICE_COLORS[t] }}>
                      <DeviceIcon type={t} size={11} decorative />
                    </span>{' '}
                    {DEVICE_TYPE_LABELS[t]}
                  </li>
                )),
                ...legend.kinds.map((k) => (
                  <li key={k}>
                    <span className="graph-swatch" style={{ background: colors.kinds[k] ?? colors.muted }} /> {k}
                  </li>
                )),
              ]}
        </ul>
      )}
      {show.minimap && (
        <div className="graph-bottom-right">
          <Minimap renderer={renderer} colors={colors} colourOf={minimapColour} />
        </div>
      )}
    </div>
  );
}

/** The legend of a highlight: a path and the rest, or a diff's changes and what did not change. */
function legendOfHighlight(highlight: Highlight | undefined): [Highlight[string] | 'other', string][] {
  if (highlight && Object.values(highlight).includes('path'))
    return [
      ['path', 'on the path'],
      ['other', 'not on the path'],
    ];
  return [
    ['added', 'added'],
    ['removed', 'removed'],
    ['changed', 'changed'],
    ['other', 'unchanged'],
  ];
}

/** Clicks select, dragging a node moves it (not when read-only) and reports where it was left. */
function wireEvents(sigma: TopologySigma, state: () => EventState) {
  let dragged: string | null = null;
  let moved = false;
  sigma.on('clickNode', ({ node }) => {
    const api = state().drawn.byId.get(node);
    if (api) state().onSelect?.({ type: 'node', node: api });
  });
  sigma.on('clickEdge', ({ edge }) => {
    const { drawn } = state();
    const api = drawn.edgeById.get(edge);
    if (api)
      state().onSelect?.({
        type: 'edge',
        edge: api,
        source: drawn.byId.get(api.source),
        target: drawn.byId.get(api.target),
      });
  });
  sigma.on('clickStage', () => state().onSelect?.(null));
  // What the pointer is over, for the cursor (graph.css) and for tests: data-hover="node" | "edge".
  const hover = (what: string) => () => (sigma.getContainer().dataset.hover = what);
  sigma.on('enterNode', hover('node'));
  sigma.on('leaveNode', hover(''));
  sigma.on('enterEdge', hover('edge'));
  sigma.on('leaveEdge', hover(''));
  sigma.on('downNode', ({ node }) => {
    if (state().readOnly) return;
    dragged = node;
    moved = false;
    // Freeze the frame while dragging, or the node would drag the whole drawing's bounds with it.
    if (!sigma.getCustomBBox()) sigma.setCustomBBox(sigma.getBBox());
  });
  sigma.getMouseCaptor().on('mousemovebody', (e) => {
    if (!dragged) return;
    const p = sigma.viewportToGraph(e);
    sigma.getGraph().mergeNodeAttributes(dragged, { x: p.x, y: p.y });
    moved = true;
    e.preventSigmaDefault();
    e.original.preventDefault();
    e.original.stopPropagation();
  });
  const drop = () => {
    if (dragged && moved && sigma.getGraph().hasNode(dragged)) {
      const { x, y } = sigma.getGraph().getNodeAttributes(dragged);
      state().onMoved?.({ [dragged]: { x, y } });
    }
    dragged = null;
    moved = false;
  };
  sigma.getMouseCaptor().on('mouseup', drop);
}
