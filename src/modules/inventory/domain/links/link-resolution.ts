import type { IngestPlan, LinkDiagnostic, NetworkSnapshot } from '../observation';
import { drawArpLinks, drawFdbLinks } from './learnt-links';
import { LinkDrawing, type LinkInputs } from './link-drawing';
import { drawNeighborLinks } from './neighbor-links';

export type { LinkInputs } from './link-drawing';

/**
 * Draws the batch's L2 links into the plan, most certain first: LLDP/CDP neighbours, then MACs learnt on
 * edge ports (FDB), then ARP entries for hosts still unplaced. Each decision leaves a diagnostic a person
 * can read; see docs/discovery.md "How each link is learnt".
 */
export function resolveLinks(plan: IngestPlan, snapshot: NetworkSnapshot, inputs: LinkInputs): LinkDiagnostic[] {
  const drawing = new LinkDrawing(plan, snapshot, inputs);
  drawNeighborLinks(drawing);
  drawFdbLinks(drawing);
  drawArpLinks(drawing);
  return drawing.finish();
}
