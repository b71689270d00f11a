import { drawStraightEdgeLabel, type EdgeLabelDrawingFunction } from 'sigma/rendering';
import { portsFrom, startsAtSource } from './reading';

/**
 * Sigma's straight edge label, with a link's two port names in reading order: whoever reads the label starts
 * at one end of the cable and meets that end's port first (reading.ts). Other edges keep their label.
 */
export const drawLinkLabel: EdgeLabelDrawingFunction = (context, edgeData, source, target, settings) => {
  const ports = (edgeData as { ports?: [string, string] }).ports;
  const label = ports && edgeData.label ? portsFrom(ports, startsAtSource(source, target)) : edgeData.label;
  drawStraightEdgeLabel(context, { ...edgeData, label }, source, target, settings);
};
