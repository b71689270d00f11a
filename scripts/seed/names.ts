/**
 * Port names as each platform spells them, as groups of numbered ports: a group knows its names, its
 * speed and where its ifIndex values start, so the n-th port of a group always has the same name and index.
 */
export interface PortGroup {
  /** The name of port n (n from 1 to count). */
  name: (n: number) => string;
  count: number;
  speed_bps: number;
  /** Port n has ifIndex ifIndexBase + n. */
  ifIndexBase: number;
}

export const G = 1_000_000_000;

const group = (name: (n: number) => string, count: number, speed: number, ifIndexBase: number): PortGroup => ({
  name,
  count,
  speed_bps: speed * G,
  ifIndexBase,
});

/** Ports spread over line-card slots: port n of the group is port ((n-1) % perSlot) + 1 of the right slot. */
const slotted = (slots: number[], perSlot: number, name: (slot: number, port: number) => string) => (n: number) =>
  name(slots[Math.floor((n - 1) / perSlot)], ((n - 1) % perSlot) + 1);

/** Cisco IOS XE: GigabitEthernet1/0/12, TenGigabitEthernet1/1/1, TwentyFiveGigE1/0/1, HundredGigE1/0/49. */
export const cisco = {
  gigabit: (count: number) => group((n) => `GigabitEthernet1/0/${n}`, count, 1, 0),
  tenGigUplinks: (count: number, ifIndexBase: number) =>
    group((n) => `TenGigabitEthernet1/1/${n}`, count, 10, ifIndexBase),
  tenGigSlots: (slots: number[], perSlot: number) =>
    group(
      slotted(slots, perSlot, (s, p) => `TenGigabitEthernet${s}/0/${p}`),
      slots.length * perSlot,
      10,
      0,
    ),
  twentyFive: (count: number) => group((n) => `TwentyFiveGigE1/0/${n}`, count, 25, 0),
  hundred: (count: number, ifIndexBase = 0) => group((n) => `HundredGigE1/0/${n}`, count, 100, ifIndexBase),
  hundredUplinks: (module: string, count: number, ifIndexBase: number) =>
    group((n) => `HundredGigE${module}/${n}`, count, 100, ifIndexBase),
  hundredSlots: (slots: number[], perSlot: number) =>
    group(
      slotted(slots, perSlot, (s, p) => `HundredGigE${s}/0/${p}`),
      slots.length * perSlot,
      100,
      0,
    ),
};

/** Arista EOS: Ethernet12 (fixed ports), Ethernet49/1 (first lane of a QSFP), Ethernet3/12/1 (line cards). */
export const arista = {
  ethernet: (count: number, speed: number) => group((n) => `Ethernet${n}`, count, speed, 0),
  qsfp: (first: number, count: number, speed: number) =>
    group((n) => `Ethernet${first + n - 1}/1`, count, speed, first - 1),
  lineCards: (cards: number, perCard: number, speed: number) =>
    group(
      slotted(
        Array.from({ length: cards }, (_, c) => c + 3),
        perCard,
        (s, p) => `Ethernet${s}/${p}/1`,
      ),
      cards * perCard,
      speed,
      0,
    ),
};

/** Junos: xe-0/0/12 (10G), et-0/0/48 (40/100G); ports count from 0. */
export const juniper = {
  port: (kind: 'ge' | 'xe' | 'et', pic: number, count: number, speed: number, ifIndexBase: number) =>
    group((n) => `${kind}-0/${pic}/${n - 1}`, count, speed, ifIndexBase),
};

/** PAN-OS: ethernet1/21. */
export const paloAlto = {
  ethernet: (first: number, count: number, speed: number) =>
    group((n) => `ethernet1/${first + n - 1}`, count, speed, first - 1),
};

/** Host NICs: Linux (eth0, ens1f0), ESXi (vmnic0), ONTAP (e0e), in the order they are cabled. */
export const nics = {
  named: (names: string[], speed: number) => group((n) => names[n - 1], names.length, speed, 0),
};
