import * as snmp from 'net-snmp';

export interface SnmpTarget {
  address: string;
  port: number;
  community: string;
}

/** Values of a subtree by OID (numeric, no leading dot): Buffers for octet strings, numbers, OID strings. */
export type SnmpValues = Map<string, unknown>;

function withSession<T>(target: SnmpTarget, use: (session: snmp.Session) => Promise<T>): Promise<T> {
  const session = snmp.createSession(target.address, target.community, {
    port: target.port,
    version: snmp.Version2c,
    timeout: 1000,
    retries: 1,
    backwardsGetNexts: false,
  });
  session.on('error', () => undefined);
  return use(session).finally(() => session.close());
}

export function snmpGet(target: SnmpTarget, oids: string[]): Promise<SnmpValues> {
  return withSession(
    target,
    (session) =>
      new Promise((resolve, reject) =>
        session.get(oids, (error, varbinds) =>
          error
            ? reject(error)
            : resolve(
                new Map((varbinds ?? []).filter((vb) => !snmp.isVarbindError(vb)).map((vb) => [vb.oid, vb.value])),
              ),
        ),
      ),
  );
}

/** A GETBULK walk of everything under `oid`. */
export function snmpWalk(target: SnmpTarget, oid: string): Promise<SnmpValues> {
  const values: SnmpValues = new Map();
  return withSession(
    target,
    (session) =>
      new Promise((resolve, reject) =>
        session.subtree(
          oid,
          25,
          (varbinds) => {
            for (const vb of varbinds) if (!snmp.isVarbindError(vb)) values.set(vb.oid, vb.value);
          },
          (error) => (error ? reject(error) : resolve(values)),
        ),
      ),
  );
}

/** One table column, by row index (the OID after the column's): the rows in `column` = `<entry OID>.<n>`. */
export async function snmpColumn(target: SnmpTarget, column: string): Promise<Map<string, unknown>> {
  const values = await snmpWalk(target, column);
  return new Map([...values].map(([oid, value]) => [oid.slice(column.length + 1), value]));
}
