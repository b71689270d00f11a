/** The graph renderer, wrapped once: features import from here, never from sigma or graphology. */
export { TopologyCanvas, type CanvasControls, type TopologyCanvasProps } from './topology-canvas';
export { diffTopology, changeSection, type ChangeEntry, type TopologyDiff } from './diff';
export { LAYOUT_OF, type LayoutKind } from './layout';
export * from './types';
