import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { defineCall } from '../../http/call';
import { HttpError, badRequest } from '../../http/errors';
import { loadUserEntity, loadUserRow } from './userView';

export const PROFILE_PICTURE_URL_PREFIX = '/api/users/profile-pictures/';

/** Recognised by their first bytes, not by the client's claimed type; SVG is refused (scripts). */
const IMAGE_SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { ext: 'avif', type: 'image/avif', test: (b) => b.subarray(4, 12).toString('latin1') === 'ftypavif' },
  { ext: 'bmp', type: 'image/bmp', test: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
];
const FILE_NAME = /^[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp|avif|bmp)$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export const uploadProfilePicture = defineCall('users.me.profile-picture', async ({ user, ctx, request }) => {
  if (!request.isMultipart()) throw badRequest('Send the picture as multipart form data in the field profilePicture');
  const file = await request.file();
  if (!file || file.fieldname !== 'profilePicture') throw badRequest('The form field profilePicture with an image file is required');
  const data = await file.toBuffer(); // throws 413 past the upload limit
  const kind = IMAGE_SIGNATURES.find((s) => s.test(data));
  if (!kind) throw new HttpError(415, 'UNSUPPORTED_IMAGE', 'Please choose an image file (PNG, JPEG, GIF, WebP, AVIF or BMP).');

  const dir = uploadsDir(ctx.config.dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(18).toString('base64url')}.${kind.ext}`;
  await fs.writeFile(path.join(dir, name), data);

  const previous = (await loadUserRow(ctx.db, user.id)).profile_picture;
  await ctx.db.query(`UPDATE users SET profile_picture = $1 WHERE id = $2`, [PROFILE_PICTURE_URL_PREFIX + name, user.id]);
  if (previous?.startsWith(PROFILE_PICTURE_URL_PREFIX)) {
    const old = previous.slice(PROFILE_PICTURE_URL_PREFIX.length);
    if (FILE_NAME.test(old)) await fs.rm(path.join(dir, old), { force: true });
  }
  return loadUserEntity(ctx.db, user.id);
});

/** Pictures are served by unguessable name without a session, like a CDN URL, so <img> tags just work. */
export const serveProfilePicture = defineCall<unknown, unknown, { file: string }>(
  'users.profile-pictures.get',
  async ({ params, ctx, reply }) => {
    if (!FILE_NAME.test(params.file)) throw new HttpError(404, 'NOT_FOUND', 'Picture not found');
    let data: Buffer;
    try {
      data = await fs.readFile(path.join(uploadsDir(ctx.config.dataDir), params.file));
    } catch {
      throw new HttpError(404, 'NOT_FOUND', 'Picture not found');
    }
    const kind = IMAGE_SIGNATURES.find((s) => s.test(data));
    return reply
      .header('Content-Type', kind?.type ?? 'application/octet-stream')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  },
  { auth: false },
);
