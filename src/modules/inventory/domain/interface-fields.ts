import type { InterfaceDraft } from './host';

export const normalizeMac = (text: string | null | undefined): string => (text ?? '').toLowerCase().replace(/-/g, ':');

type Described = Partial<Omit<InterfaceDraft, 'id' | 'ip_address_id' | 'neighbor'>>;

/** An interface's descriptive fields with their defaults, however it was described (request body or observation). */
export function interfaceFields(i: Described): Omit<InterfaceDraft, 'id' | 'ip_address_id' | 'neighbor'> {
  return {
    if_index: i.if_index ?? 0,
    if_name: i.if_name ?? '',
    if_descr: i.if_descr ?? '',
    if_alias: i.if_alias ?? '',
    if_type: i.if_type ?? 0,
    speed_bps: i.speed_bps ?? 0,
    admin_status: i.admin_status ?? 'Unknown',
    oper_status: i.oper_status ?? 'Unknown',
    mac_address: normalizeMac(i.mac_address),
    cdp_address: i.cdp_address ?? null,
    cdp_device_id: i.cdp_device_id ?? null,
    cdp_platform: i.cdp_platform ?? null,
    cdp_port_id: i.cdp_port_id ?? null,
    lldp_chassis_id: i.lldp_chassis_id ?? null,
    lldp_mgmt_addr: i.lldp_mgmt_addr ?? null,
    lldp_port_desc: i.lldp_port_desc ?? null,
    lldp_port_id: i.lldp_port_id ?? null,
    lldp_sys_desc: i.lldp_sys_desc ?? null,
    lldp_sys_name: i.lldp_sys_name ?? null,
  };
}
