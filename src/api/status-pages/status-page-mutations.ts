import { sniffImageType, IMAGE_CONTENT_TYPES } from '../account/profile-image.js';
import { readStatusPageFields, type StatusPageChanges } from '../../status-pages/status-page-fields.js';
import { createStatusPageRow, deleteStatusPageRow, setStatusPageLogo, updateStatusPageRow } from '../../services/status-page-service.js';
import { API, type Owner } from '../../services/rules.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_status_pages');
  requireActiveEntitlement(principal);
}

function validated(body: unknown, create: boolean): StatusPageChanges {
  const result = readStatusPageFields(body, create);
  if (!result.ok) throw validationError(result.fields);
  return result.changes;
}

const ownerOf = (principal: Principal): Owner => ({ workspaceId: workspaceOf(principal).id, clientId: principal.client.id, entitlement: principal.entitlement });

export async function createStatusPage(context: RequestContext, principal: Principal, body: unknown): Promise<number> {
  guard(principal);
  const changes = validated(body, true);
  return mutate(context, principal, async (tx, recorder) => (await createStatusPageRow({ tx, changes: recorder }, ownerOf(principal), changes, API)).id);
}

export async function updateStatusPage(context: RequestContext, principal: Principal, id: number, body: unknown): Promise<void> {
  guard(principal);
  const changes = validated(body, false);
  await mutate(context, principal, (tx, recorder) => updateStatusPageRow({ tx, changes: recorder }, ownerOf(principal), id, changes, API));
}

export async function deleteStatusPage(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, (tx, recorder) => deleteStatusPageRow({ tx, changes: recorder }, workspaceOf(principal).id, id, API));
}

/** The logo is checked as a profile image is: recognised by its content, at most the same size (the upload parser's limit). */
export async function uploadStatusPageLogo(context: RequestContext, principal: Principal, id: number, bytes: Buffer | undefined): Promise<void> {
  guard(principal);
  if (!bytes) throw validationError({ logo: 'is required: a multipart part named logo' });
  const type = sniffImageType(bytes);
  if (!type) throw validationError({ logo: 'must be a PNG, JPEG or WebP image' });
  await mutate(context, principal, (tx, recorder) => setStatusPageLogo({ tx, changes: recorder }, ownerOf(principal), id, { contentType: IMAGE_CONTENT_TYPES[type], bytes }));
}

export async function deleteStatusPageLogo(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, (tx, recorder) => setStatusPageLogo({ tx, changes: recorder }, ownerOf(principal), id, null));
}
