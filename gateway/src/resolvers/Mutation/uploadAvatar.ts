import type { UploadedFile } from '../../graphql/models';
import type { Field, MutationResolvers, ResolversParentTypes } from '../../graphql/resolverTypes';
import { fromRefusal, invalid, loginRequired, orUnavailable, signedIn } from '../../userErrors';
import { firstBytes } from '../../upstream/multipart';

/** product-spec §5 / §9: images of at most 10 240 KB. */
export const AVATAR_MAX_BYTES = 10_240 * 1024;

type UploadAvatarPayload = ResolversParentTypes['UploadAvatarPayload'];

/**
 * The formats the login service decodes (JPEG, PNG, WebP, GIF), recognised by their first bytes.
 * The service decides by decoding the whole image; this only spares sending it something that cannot
 * be one, whatever its name or declared type.
 */
export function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const ascii = (offset: number, text: string) =>
    [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
  return (
    starts(0xff, 0xd8, 0xff) ||
    starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    ascii(0, 'GIF87a') ||
    ascii(0, 'GIF89a') ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP'))
  );
}

/** The most bytes looksLikeImage looks at (RIFF....WEBP). */
const SIGNATURE_BYTES = 12;

/** A file name the multipart part may carry: the service ignores it, so anything odd becomes "avatar". */
function partName(file: UploadedFile): string {
  return /^[\w.-]{1,100}$/.test(file.name) ? file.name : 'avatar';
}

/**
 * 个人中心 · 个人资料: the cropped avatar (a GraphQL multipart upload) forwarded to UploadHeader. The
 * request needed the CSRF header and a utoken cookie to get here, at most MAX_CONCURRENT_UPLOADS at a
 * time (csrf.ts, uploads.ts), and may be 11 MiB at most (bodyLimits.ts). The file is not copied: its
 * first bytes are read to recognise an image, then the file yoga received is streamed to the login
 * service as it is (upstream/multipart.ts).
 */
export const uploadAvatar: Field<MutationResolvers, 'uploadAvatar'> = async (_parent, { input }, ctx) => {
  const me = await signedIn(ctx);
  if (!me || !me.token) return { headPicture: null, viewer: await ctx.session.viewer(), errors: [loginRequired()] };
  const { file } = input;
  const refuse = (message: string): UploadAvatarPayload => ({
    headPicture: null,
    viewer: me.viewer,
    errors: [invalid('file', message)],
  });
  // the parser counted the bytes it received: size is the file's true length
  if (file.size > AVATAR_MAX_BYTES) return refuse('单文件大小不能超过10240kb');
  if (!looksLikeImage(await firstBytes(file, SIGNATURE_BYTES))) return refuse('仅限图片格式');
  const token = me.token;
  return orUnavailable(
    async () => {
      const result = await ctx.login.uploadAvatar(token, { data: file, filename: partName(file) });
      if (!result.ok) {
        return {
          headPicture: null,
          viewer: me.viewer,
          errors: [fromRefusal(result, '图片上传失败', ctx.logger, '/UserCenterApi/UploadHeader')],
        };
      }
      const { viewer } = await ctx.session.refresh();
      const headPicture = typeof result.items === 'string' && result.items !== '' ? result.items : viewer.headPicture;
      return { headPicture, viewer, errors: [] };
    },
    (error) => ({ headPicture: null, viewer: me.viewer, errors: [error] }),
  );
};
