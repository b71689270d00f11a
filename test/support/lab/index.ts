export { startLab } from './lab';
export type { Lab, LabHost, LabInterface, LabSwitchPort } from './lab-types';
export type { LabService } from './lab-services';
export { SSH_BANNER } from './lab-services';
export { snmpColumn, snmpGet, snmpWalk, type SnmpTarget, type SnmpValues } from './lab-snmp';
