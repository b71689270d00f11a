import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Selection, TopologyEdge, TopologyGraph, TopologyNode } from '../../../lib/graph';
import { describeProvenance, formatSpeed, show } from '../format';
import { endsInReadingOrder, linksFrom } from '../links';
import { PathButtons, type PathEnds } from './path-buttons';

interface InspectorContext {
  graph: TopologyGraph;
  onSelectId: (id: string) => void;
  onExpand: (groupId: string) => void;
  onCollapse: (groupId: string) => void;
  /** On L2Physical: a host can be made one end of a path. */
  path?: PathEnds;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="topo-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const nodeOf = (graph: TopologyGraph, id: unknown) => graph.nodes.find((n) => n.id === id);
const hostLink = (id: string, name: string) => <Link to={`/hosts/${id}`}>{name}</Link>;

/** A button that selects another item of the graph (an interface's host, an edge's end). */
function Jump({ node, ctx }: { node: TopologyNode | undefined; ctx: InspectorContext }) {
  if (!node) return <>—</>;
  return (
    <button type="button" className="link-button" onClick={() => ctx.onSelectId(node.id)}>
      {node.label}
    </button>
  );
}

/** A node's L2 links, each read from this node: "eth0 → core-switch ge-0/0/1"; a click selects the link. */
function Links({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  const links = linksFrom(ctx.graph, node);
  if (!links.length) return null;
  return (
    <>
      <h3>Links ({links.length})</h3>
      <ul className="inspector-list">
        {links.map((link) => (
          <li key={link.edgeId}>
            <button type="button" className="link-button" onClick={() => ctx.onSelectId(link.edgeId)}>
              {link.text}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function HostInspector({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  const interfaces = ctx.graph.nodes.filter((n) => n.kind === 'interface' && n.parent === node.id);
  const children = ctx.graph.nodes.filter((n) => n.parent === node.id && n.kind !== 'interface');
  const parent = node.parent ? nodeOf(ctx.graph, node.parent) : undefined;
  const virtualization = node.data.virtualization as { type?: string; host_id?: string } | null | undefined;
  return (
    <>
      <Facts
        rows={[
          ['Host', hostLink(node.id, node.label)],
          ['Hostname', show(node.data.hostname)],
          ['Source', show(node.data.source)],
          ...(node.data.ip_addresses ? ([['Addresses', show(node.data.ip_addresses)]] as [string, ReactNode][]) : []),
          ...(parent
            ? ([[parent.kind === 'subnet' ? 'Subnet' : 'Runs on', <Jump key="p" node={parent} ctx={ctx} />]] as [
                string,
                ReactNode,
              ][])
            : []),
          ...(virtualization?.type ? ([['Virtualization', virtualization.type]] as [string, ReactNode][]) : []),
        ]}
      />
      {ctx.path && node.kind === 'host' && <PathButtons hostId={node.id} ends={ctx.path} />}
      {interfaces.length > 0 && (
        <>
          <h3>Ports ({interfaces.length})</h3>
          <ul className="inspector-list">
            {interfaces.map((i) => (
              <li key={i.id}>
                <Jump node={i} ctx={ctx} /> <span className="muted">{formatSpeed(i.data.speed_bps)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Links node={node} ctx={ctx} />
      {children.length > 0 && (
        <>
          <h3>Runs ({children.length})</h3>
          <ul className="inspector-list">
            {children.map((c) => (
              <li key={c.id}>
                <Jump node={c} ctx={ctx} /> <span className="muted">{c.kind}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={`/hosts/${node.id}`}>Open host details →</Link>
      </p>
    </>
  );
}

function InterfaceInspector({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  const host = node.parent ? nodeOf(ctx.graph, node.parent) : undefined;
  return (
    <>
      <Facts
        rows={[
          ['Host', host ? hostLink(host.id, host.label) : '—'],
          ['Index', show(node.data.if_index)],
          ['MAC', <span className="mono">{show(node.data.mac_address)}</span>],
          ['Speed', formatSpeed(node.data.speed_bps)],
          ['Status', show(node.data.oper_status)],
        ]}
      />
      <Links node={node} ctx={ctx} />
    </>
  );
}

function SubnetInspector({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  const hosts = ctx.graph.nodes.filter((n) => n.parent === node.id);
  const reaching = ctx.graph.edges.filter((e) => e.kind === 'address' && e.target === node.id);
  return (
    <>
      <Facts
        rows={[
          ['CIDR', <span className="mono">{node.label}</span>],
          ['Name', show(node.data.name)],
          ['Hosts in it', hosts.length],
          ['Hosts also reaching it', reaching.length],
        ]}
      />
      {hosts.length > 0 && (
        <ul className="inspector-list">
          {hosts.slice(0, 50).map((h) => (
            <li key={h.id}>
              <Jump node={h} ctx={ctx} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ServiceInspector({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  const hostId = typeof node.data.host_id === 'string' ? node.data.host_id : undefined;
  const deps = ctx.graph.edges.filter((e) => e.source === node.id || e.target === node.id);
  return (
    <>
      <Facts
        rows={[
          ['Service', show(node.data.name ?? node.label)],
          ['Answers at', show(node.data.endpoint)],
          ['Definition', show(node.data.service_definition)],
          ['Host', hostId ? <Link to={`/hosts/${hostId}`}>Open host</Link> : '—'],
        ]}
      />
      {deps.length > 0 && (
        <>
          <h3>Dependencies</h3>
          <ul className="inspector-list">
            {deps.map((d) => {
              const other = nodeOf(ctx.graph, d.source === node.id ? d.target : d.source);
              return (
                <li key={d.id}>
                  <button type="button" className="link-button" onClick={() => ctx.onSelectId(d.id)}>
                    {d.label ?? d.kind}: {d.source === node.id ? 'to' : 'from'} {other?.label ?? '?'}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

function GroupInspector({ node, ctx }: { node: TopologyNode; ctx: InspectorContext }) {
  return (
    <>
      <Facts
        rows={[
          ['Group', node.label],
          ['Grouped by', show(node.data.group_kind)],
          ['Members', show(node.data.member_count)],
          ['For example', show(node.data.member_sample)],
        ]}
      />
      <button type="button" className="primary" onClick={() => ctx.onExpand(node.id)}>
        Expand
      </button>
    </>
  );
}

function GenericNode({ node }: { node: TopologyNode }) {
  return <Facts rows={Object.entries(node.data).map(([k, v]) => [k, show(v)])} />;
}

function LinkInspector({ edge, ctx }: { edge: TopologyEdge; ctx: InspectorContext }) {
  const end = (id: string) => {
    const port = nodeOf(ctx.graph, id);
    const host = port?.parent ? nodeOf(ctx.graph, port.parent) : undefined;
    return (
      <>
        {host ? hostLink(host.id, host.label) : '—'} <span className="mono">{port?.label ?? id}</span>
      </>
    );
  };
  // In the order the canvas label reads them (the switch side first).
  const [from, to] = endsInReadingOrder(ctx.graph, edge);
  return (
    <Facts
      rows={[
        ['From', end(from)],
        ['To', end(to)],
        ['Speed', formatSpeed(edge.data.speed_bps)],
        ['Learnt by', <span data-testid="link-provenance">{describeProvenance(edge.data.provenance)}</span>],
      ]}
    />
  );
}

function AddressInspector({ edge, ctx }: { edge: TopologyEdge; ctx: InspectorContext }) {
  return (
    <Facts
      rows={[
        ['Host', <Jump node={nodeOf(ctx.graph, edge.source)} ctx={ctx} />],
        ['Subnet', <Jump node={nodeOf(ctx.graph, edge.target)} ctx={ctx} />],
        ['Address', <span className="mono">{show(edge.label)}</span>],
      ]}
    />
  );
}

function DependencyInspector({ edge, ctx }: { edge: TopologyEdge; ctx: InspectorContext }) {
  return (
    <Facts
      rows={[
        ['Dependency', show(edge.label)],
        ['Type', show(edge.data.dependency_type)],
        ['From', <Jump node={nodeOf(ctx.graph, edge.source)} ctx={ctx} />],
        ['To', <Jump node={nodeOf(ctx.graph, edge.target)} ctx={ctx} />],
        ['Step', Number(edge.data.order ?? 0) + 1],
        ['Colour', show(edge.data.color)],
      ]}
    />
  );
}

function AggregateInspector({ edge, ctx }: { edge: TopologyEdge; ctx: InspectorContext }) {
  return (
    <Facts
      rows={[
        ['Between', <Jump node={nodeOf(ctx.graph, edge.source)} ctx={ctx} />],
        ['And', <Jump node={nodeOf(ctx.graph, edge.target)} ctx={ctx} />],
        ['Edges', show(edge.data.count)],
        ['Of kind', show(edge.data.kinds)],
      ]}
    />
  );
}

const NODE_INSPECTORS: Record<string, (p: { node: TopologyNode; ctx: InspectorContext }) => ReactNode> = {
  host: HostInspector,
  hypervisor: HostInspector,
  vm: HostInspector,
  container: HostInspector,
  interface: InterfaceInspector,
  subnet: SubnetInspector,
  service: ServiceInspector,
  group: GroupInspector,
};

const EDGE_INSPECTORS: Record<string, (p: { edge: TopologyEdge; ctx: InspectorContext }) => ReactNode> = {
  link: LinkInspector,
  address: AddressInspector,
  dependency: DependencyInspector,
  aggregate: AggregateInspector,
};

const TITLES: Record<string, string> = {
  link: 'L2 link',
  address: 'Further address',
  dependency: 'Dependency',
  aggregate: 'Grouped links',
};

/** The selected node or edge, by kind; one inspector component per kind. */
export function Inspector({ selection, ...ctx }: InspectorContext & { selection: Selection }) {
  if (selection.type === 'node') {
    const Body = NODE_INSPECTORS[selection.node.kind];
    return (
      <section className="inspector" aria-label="Inspector">
        <h2>
          {selection.node.label} <span className="badge">{selection.node.kind}</span>
        </h2>
        {Body ? <Body node={selection.node} ctx={ctx} /> : <GenericNode node={selection.node} />}
        {typeof selection.node.data.expanded_group === 'string' && (
          <p>
            <button type="button" onClick={() => ctx.onCollapse(selection.node.data.expanded_group as string)}>
              Collapse its group
            </button>
          </p>
        )}
      </section>
    );
  }
  const Body = EDGE_INSPECTORS[selection.edge.kind];
  return (
    <section className="inspector" aria-label="Inspector">
      <h2>
        {TITLES[selection.edge.kind] ?? selection.edge.kind}{' '}
        {selection.edge.kind === 'link' && <span className="badge">{show(selection.edge.data.provenance)}</span>}
      </h2>
      {Body ? (
        <Body edge={selection.edge} ctx={ctx} />
      ) : (
        <Facts rows={Object.entries(selection.edge.data).map(([k, v]) => [k, show(v)])} />
      )}
    </section>
  );
}

/** The selection named by an id from the URL: a node, or an edge with its ends. */
export function selectionOf(graph: TopologyGraph, id: string | null): Selection | null {
  if (!id) return null;
  const node = graph.nodes.find((n) => n.id === id);
  if (node) return { type: 'node', node };
  const edge = graph.edges.find((e) => e.id === id);
  if (!edge) return null;
  return { type: 'edge', edge, source: nodeOf(graph, edge.source), target: nodeOf(graph, edge.target) };
}
