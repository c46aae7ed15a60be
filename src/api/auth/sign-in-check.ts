import type { ErrorRequestHandler, Request } from 'express';
import { preparedRows } from '../../store/prepared-rows.js';
import { contextOf } from '../request-context.js';
import type { KnownRoute } from '../route-table.js';
import { principalOf, type Principal } from './principal.js';

/**
 * The read routes the mobile app calls most, and the check's create, check a remembered sign-in
 * in their own statement instead of reading it in one of its own first: one round trip (and,
 * embedded, one statement) less per request. Each read runs its statement through
 * `confirmedRead` with `signInColumn` among its columns; the create writes only while the sign-in
 * holds (check-mutations.ts). Their answers read no entity of the sign-in (a remembered one has none).
 */
export const ROUTES_CHECKING_SIGN_IN: ReadonlySet<string> = new Set([
  'POST /mobile/uptime-checks',
  'GET /mobile/uptime-checks',
  'GET /mobile/uptime-checks/{id}',
  'GET /mobile/incidents',
  'GET /mobile/search',
  'GET /mobile/dashboard/summary',
]);

/** Whether the request's route checks the sign-in in its own statement. */
export const routeChecksSignIn = (req: Request): boolean => {
  const route = req.res?.locals.route as KnownRoute | undefined;
  return route !== undefined && ROUTES_CHECKING_SIGN_IN.has(`${req.method} ${route.template}`);
};

export interface SqlColumn {
  sql: string;
  params: unknown[];
}

/** A sign-in remembered from an earlier request, to be checked against the rows before the answer goes out. */
export interface SignInCheck {
  /** A scalar subquery giving the sign-in's fingerprint now (see fingerprintNow). */
  column: SqlColumn;
  /** The fingerprint the remembered sign-in was read with. */
  fingerprint: string;
  /** Nothing left to check: the rows agreed, or the request signed in again from them. */
  confirmed: boolean;
  /** Signs in again from the rows (401/403 as any sign-in), and makes that the request's principal. */
  reread(): Promise<Principal>;
}

const CONFIRMED: SqlColumn = { sql: 'null::text', params: [] };

/** The column a route's statement selects (last) for `confirmedRead`. */
export const signInColumn = (principal: Principal): SqlColumn =>
  principal.signInCheck && !principal.signInCheck.confirmed ? principal.signInCheck.column : CONFIRMED;

/** What a read gives `confirmedRead`: its answer, and the signIn column as its statement read it (undefined: it ran no statement). */
export interface CheckedRead<T> {
  value: T;
  signIn?: string | null;
}

/**
 * Runs a read whose statement selects `signInColumn`, and answers it when the sign-in it was made
 * with is still what the rows say; otherwise signs in again (throwing 401/403 when the user may no
 * longer call) and reads again with that sign-in. A read made with a stale sign-in is never answered.
 */
export async function confirmedRead<T>(req: Request, read: (principal: Principal, signIn: SqlColumn) => Promise<CheckedRead<T>>): Promise<T> {
  const principal = principalOf(req);
  const check = principal.signInCheck;
  const first = await read(principal, signInColumn(principal));
  if (!check || check.confirmed) return first.value;
  if (first.signIn === undefined) await confirmAlone(req, check);
  else if (first.signIn === check.fingerprint) check.confirmed = true;
  else await check.reread();
  const current = principalOf(req);
  return current === principal ? first.value : (await read(current, CONFIRMED)).value;
}

/**
 * Before any error answer of a request whose remembered sign-in is not confirmed yet (a refused
 * parameter, a 404): the sign-in is checked alone, so that a user who may no longer call learns
 * 401 or 403 first, as without the remembered sign-in.
 */
export const confirmBeforeError: ErrorRequestHandler = (error, req, _res, next) => {
  const check = (req as Request & { user?: Principal }).user?.signInCheck;
  if (!check || check.confirmed) return next(error);
  confirmAlone(req, check).then(() => next(error), next);
};

async function confirmAlone(req: Request, check: SignInCheck): Promise<void> {
  const [row] = await preparedRows<{ sign_in: string | null }>(contextOf(req).runtime.statements, `select ${check.column.sql} as sign_in`, check.column.params);
  if (row?.sign_in === check.fingerprint) check.confirmed = true;
  else await check.reread();
}
