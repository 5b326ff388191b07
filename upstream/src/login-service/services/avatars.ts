/**
 * Avatars (UploadHeader, product-spec §5 "Image upload"): the upload's type is decided by its
 * content, never by its name or declared type. Only JPEG, PNG, WebP and GIF magic numbers reach
 * the decoder (sharp/libvips would otherwise also open SVG, PDF, TIFF, HEIF...), and the decoded
 * format must agree with them. The stored avatar is a fresh 300x300 JPEG re-encoded from the
 * pixels (cover crop, EXIF orientation applied, no metadata), under DATA_DIR/media/avatars/.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { refused } from '../../http/envelope';
import type { Logger } from '../../logger';
import type { Store, UserRecord } from '../../store';

/** the size of the crop step and of every stored avatar (product-spec §5) */
export const AVATAR_SIZE = 300;
/** product-spec §5: 10240 kb per file */
export const AVATAR_MAX_BYTES = 10240 * 1024;
/** the whole multipart request; beyond this it is cut off unread */
export const AVATAR_REQUEST_MAX_BYTES = 11 * 1024 * 1024;
/** a decompression bomb (a tiny file claiming huge dimensions) is refused before decoding: 图片上传失败 */
export const MAX_INPUT_PIXELS = 50_000_000;
const AVATAR_DIR = 'avatars';
const AVATAR_URL_PREFIX = `/media/${AVATAR_DIR}/`;

export const AVATAR_MESSAGES = {
  done: '头像上传成功',
  notImage: '仅限图片格式',
  tooLarge: `单文件大小不能超过${AVATAR_MAX_BYTES / 1024}kb`,
  tooSmall: `图片最低像素为（宽*高）：${AVATAR_SIZE}*${AVATAR_SIZE}`,
  failed: '图片上传失败',
  /** the upload's body did not arrive within the upload deadline (a stalled or very slow sender) */
  timedOut: '图片上传超时，请重试',
} as const;

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** the format the first bytes announce, or null for anything that is not one of the four */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** true for a URL this service wrote for that user (only those files are ever deleted) */
export function isOwnAvatarUrl(url: string, userId: number): boolean {
  return new RegExp(`^${AVATAR_URL_PREFIX.replace(/\//g, '\\/')}${userId}-[a-f0-9]{16}\\.jpg$`).test(url);
}

export interface AvatarService {
  /** stores the upload as the user's avatar and returns its URL; throws the -1 refusals above */
  replace(user: UserRecord, upload: Buffer): Promise<string>;
}

export function createAvatarService(options: { store: Store; logger: Logger }): AvatarService {
  const { store, logger } = options;
  const directory = path.join(store.mediaDir, AVATAR_DIR);

  async function render(upload: Buffer): Promise<Buffer> {
    if (upload.length > AVATAR_MAX_BYTES) throw refused(AVATAR_MESSAGES.tooLarge);
    const sniffed = sniffImageFormat(upload);
    if (!sniffed) throw refused(AVATAR_MESSAGES.notImage);
    // The header is read without sharp's pixel limit, so that an image over it is told apart from one
    // that is not an image at all (图片上传失败, not 仅限图片格式); the limit is ours, checked below,
    // and sharp's own stays on the decode itself.
    const input = (limitInputPixels: number | false) =>
      sharp(upload, { failOn: 'error', limitInputPixels, autoOrient: true });
    let width: number;
    let height: number;
    try {
      const metadata = await input(false).metadata();
      if (metadata.format !== sniffed) throw new Error(`decoded as ${metadata.format}, announced ${sniffed}`);
      width = metadata.autoOrient?.width ?? metadata.width;
      height = metadata.autoOrient?.height ?? metadata.height;
    } catch (error) {
      logger.info(`avatar refused: not decodable (${error instanceof Error ? error.message : String(error)})`);
      throw refused(AVATAR_MESSAGES.notImage);
    }
    if (!(width >= AVATAR_SIZE && height >= AVATAR_SIZE)) throw refused(AVATAR_MESSAGES.tooSmall);
    if (width * height > MAX_INPUT_PIXELS) {
      logger.info(`avatar refused: ${width}x${height} is over the pixel limit`);
      throw refused(AVATAR_MESSAGES.failed);
    }
    try {
      return await input(MAX_INPUT_PIXELS)
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
        // transparent pixels of a PNG, WebP or GIF become white rather than JPEG's black
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      // the header was fine but the pixels are not (truncated, corrupt): still not an image we can use
      logger.info(`avatar refused: pixels not decodable (${error instanceof Error ? error.message : String(error)})`);
      throw refused(AVATAR_MESSAGES.notImage);
    }
  }

  return {
    async replace(user, upload) {
      const jpeg = await render(upload);
      const fileName = `${user.userId}-${randomBytes(8).toString('hex')}.jpg`;
      const file = path.join(directory, fileName);
      const url = `${AVATAR_URL_PREFIX}${fileName}`;
      try {
        await mkdir(directory, { recursive: true });
        await writeFile(file, jpeg, { flag: 'wx' });
      } catch (error) {
        logger.error(`avatar could not be written for userId=${user.userId}`, error);
        throw refused(AVATAR_MESSAGES.failed);
      }
      let previous: string;
      try {
        // read and replace in one transaction: of two concurrent uploads each deletes what it replaced
        // (BEGIN IMMEDIATE: the write lock is taken before the read, so no other process slips in between)
        previous = await store.immediateTransaction(async () => {
          const before = (await store.users.get(user.userId))?.headPicture ?? '';
          await store.users.setHeadPicture(user.userId, url);
          return before;
        });
      } catch (error) {
        await rm(file, { force: true });
        logger.error(`avatar could not be recorded for userId=${user.userId}`, error);
        throw refused(AVATAR_MESSAGES.failed);
      }
      if (isOwnAvatarUrl(previous, user.userId)) {
        await rm(path.join(directory, previous.slice(AVATAR_URL_PREFIX.length)), { force: true }).catch(
          (error: unknown) =>
            logger.warn(
              `previous avatar of userId=${user.userId} not deleted: ${error instanceof Error ? error.message : String(error)}`,
            ),
        );
      }
      logger.info(`avatar updated userId=${user.userId}`);
      return url;
    },
  };
}
