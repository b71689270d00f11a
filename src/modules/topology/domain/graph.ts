export const VIEWS = ['L2Physical', 'L3Logical', 'Workloads', 'Application'] as const;
export type View = (typeof VIEWS)[number];

export interface GraphNode {
  id: string;
  kind: string;
  label: string;
  parent?: string;
  data: Record<string, unknown>;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: string;
  label?: string;
  data: Record<string, unknown>;
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The rows of one network (as of an instant) that the views are built from. */
export interface NetworkState {
  hosts: {
    id: string;
    name: string;
    hostname: string;
    virtualization: { type: string; host_id: string } | null;
    source: { type: string };
    device_type: string;
    vendor: string | null;
    model: string | null;
    os: string | null;
    location: string | null;
  }[];
  subnets: { id: string; cidr: string; name: string }[];
  ip_addresses: {
    id: string;
    host_id: string;
    subnet_id: string;
    ip_address: string;
    position: number;
    mac_address?: string;
  }[];
  interfaces: {
    id: string;
    host_id: string;
    if_name: string;
    if_index: number;
    speed_bps: number;
    oper_status: string;
    mac_address: string;
    neighbor: { host_id: string; interface_id: string; provenance?: string } | null;
  }[];
  services: { id: string; host_id: string; name: string; service_definition: string }[];
  bindings: { id: string; service_id: string; port_id: string | null }[];
  /** What the Application view writes after a service's host (`db-01:5432`). */
  ports: { id: string; number: number }[];
  dependencies: {
    id: string;
    name: string;
    color: string;
    edge_style: string;
    dependency_type: string;
    member_type: 'Services' | 'Bindings';
    member_ids: string[];
  }[];
}

/** A state with no rows, to build a view of some tables only. */
export const EMPTY_STATE: Readonly<NetworkState> = {
  hosts: [],
  subnets: [],
  ip_addresses: [],
  interfaces: [],
  services: [],
  bindings: [],
  ports: [],
  dependencies: [],
};
