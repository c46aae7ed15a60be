import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { User } from '../../store/entities/user.js';
import type { Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageType = 'png' | 'jpeg' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The image type by its leading bytes; the declared Content-Type of the part is not trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg';
  if (buffer.length >= 12 && buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface StoredImage {
  content_type: string;
  size_bytes: number;
  /** Relative to VANTAGE_DATA_DIR. */
  path: string;
}

/**
 * Stores the caller's profile image under `<VANTAGE_DATA_DIR>/uploads/` with a random name
 * (written aside, then renamed, so no half file is ever served), records it on the user and
 * removes the previous one.
 */
/** `bytes` is undefined when the multipart body had no `profile_image` part. */
export async function storeProfileImage(context: RequestContext, principal: Principal, bytes: Buffer | undefined): Promise<StoredImage> {
  if (!bytes) throw validationError({ profile_image: 'is required: a multipart part named profile_image' });
  const type = sniffImageType(bytes);
  if (!type) throw validationError({ profile_image: 'must be a PNG, JPEG or WebP image' });
  const dataDir = resolve(context.deps.settings.VANTAGE_DATA_DIR);
  const relative = join('uploads', `user-${principal.user.id}-${randomBytes(12).toString('hex')}.${type === 'jpeg' ? 'jpg' : type}`);
  const target = join(dataDir, relative);
  await mkdir(join(dataDir, 'uploads'), { recursive: true });
  await writeFile(`${target}.part`, bytes, { mode: 0o640 });
  await rename(`${target}.part`, target);
  let previous: string | null = null;
  try {
    await mutate(context, principal, async (tx, changes) => {
      const user = await tx.findOneOrFail(User, principal.user.id, { refresh: true });
      previous = user.profileImagePath;
      user.profileImagePath = relative;
      changes.record({ action: 'account.upload_image', resourceType: 'user', resourceId: user.id, notice: null, workspaceId: null, details: { size_bytes: bytes.length } });
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  if (previous) await rm(join(dataDir, previous), { force: true });
  return { content_type: IMAGE_CONTENT_TYPES[type], size_bytes: bytes.length, path: relative };
}
