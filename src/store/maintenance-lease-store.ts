import type { Knex } from '@mikro-orm/postgresql';

/** Thrown inside a step when this holder no longer holds the lease: the step's transaction rolls back. */
export class LeaseLost extends Error {}

/**
 * Takes or renews the named lease for `leaseMs`; answers whether `holder` holds it now. Only the
 * database's clock judges expiry, so no two processes' clocks are ever compared.
 */
export async function takeLease(db: Knex, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const result = await db.raw<{ rows: Array<{ holder: string }> }>(
    `insert into maintenance_leases (name, holder, lease_until) values (?, ?, now() + ? * interval '1 millisecond')
     on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
       where maintenance_leases.holder = excluded.holder or maintenance_leases.lease_until <= now()
     returning holder`,
    [name, holder, leaseMs],
  );
  return result.rows.length === 1;
}

/** Inside a step's transaction: locks the lease row and proves it is still ours, or throws LeaseLost. */
export async function fence(tx: Knex.Transaction, name: string, holder: string): Promise<void> {
  const result = await tx.raw<{ rows: unknown[] }>('select 1 from maintenance_leases where name = ? and holder = ? and lease_until > now() for update', [name, holder]);
  if (result.rows.length !== 1) throw new LeaseLost(`lease ${name} is no longer held by ${holder}`);
}

export async function recordPass(db: Knex, name: string, holder: string): Promise<void> {
  await db.raw('update maintenance_leases set last_pass_at = now() where name = ? and holder = ?', [name, holder]);
}

/** Ends the lease at once, so that another replica need not wait for it to run out. */
export async function releaseLease(db: Knex, name: string, holder: string): Promise<void> {
  await db.raw('update maintenance_leases set lease_until = now() where name = ? and holder = ?', [name, holder]);
}
