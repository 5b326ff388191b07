import { AVATAR_UPLOAD } from '../../constants';

/**
 * The avatar's image work outside React: the checks of product-spec §5 (in the login service's
 * words), the zoom slider's scale, and the crop → 300x300 JPEG step, whose geometry is a pure
 * function so it can be tested without a canvas.
 */
export const AVATAR_MESSAGES = {
  notImage: '仅限图片格式',
  tooLarge: `单文件大小不能超过${AVATAR_UPLOAD.maxFileKb}kb`,
  tooSmall: `图片最低像素为（宽*高）：${AVATAR_UPLOAD.size}*${AVATAR_UPLOAD.size}`,
  failed: '图片上传失败',
  done: '头像上传成功',
} as const;

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle in the source image's pixels (react-easy-crop's `croppedAreaPixels`). */
export interface Area extends Size {
  readonly x: number;
  readonly y: number;
}

/** Step 1, before decoding: the browser's idea of the type, and the size. */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return AVATAR_MESSAGES.notImage;
  if (file.size > AVATAR_UPLOAD.maxFileKb * 1024) return AVATAR_MESSAGES.tooLarge;
  return null;
}

/** Step 1, after decoding: both sides at least the crop size. */
export function pixelProblem(size: Size): string | null {
  return size.width >= AVATAR_UPLOAD.size && size.height >= AVATAR_UPLOAD.size ? null : AVATAR_MESSAGES.tooSmall;
}

/** The slider's 0..100 onto the cropper's zoom factor 1..maxZoom (and back, for wheel and pinch zooming). */
export function sliderToZoom(value: number): number {
  const clamped = Math.min(Math.max(value, 0), AVATAR_UPLOAD.zoomSliderMax);
  return 1 + (clamped / AVATAR_UPLOAD.zoomSliderMax) * (AVATAR_UPLOAD.maxZoom - 1);
}

export function zoomToSlider(zoom: number): number {
  const value = ((zoom - 1) / (AVATAR_UPLOAD.maxZoom - 1)) * AVATAR_UPLOAD.zoomSliderMax;
  return Math.round(Math.min(Math.max(value, 0), AVATAR_UPLOAD.zoomSliderMax));
}

export interface DrawGeometry {
  readonly canvas: Size;
  /** drawImage(image, sx, sy, sWidth, sHeight, dx, dy, dWidth, dHeight) */
  readonly source: Area;
  readonly target: Area;
}

/**
 * Where the crop comes from and goes to: a square of the source (the cropper's area, rounded to
 * whole pixels, kept inside the image, squared up) drawn over the whole output square.
 */
export function avatarDrawGeometry(area: Area, image: Size, output: number = AVATAR_UPLOAD.size): DrawGeometry {
  const side = Math.max(1, Math.min(Math.round(area.width), Math.round(area.height), image.width, image.height));
  const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value), 0), Math.max(max, 0));
  const source = {
    x: clamp(area.x + (area.width - side) / 2, image.width - side),
    y: clamp(area.y + (area.height - side) / 2, image.height - side),
    width: side,
    height: side,
  };
  return {
    canvas: { width: output, height: output },
    source,
    target: { x: 0, y: 0, width: output, height: output },
  };
}

/** Decodes the chosen file (an <img>, so EXIF orientation is applied as the browser shows it). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(AVATAR_MESSAGES.notImage));
    image.src = url;
  });
}

export function naturalSize(image: HTMLImageElement): Size {
  return { width: image.naturalWidth, height: image.naturalHeight };
}

/** Step 3's input: the crop as a 300x300 JPEG on white (a transparent PNG would otherwise turn black). */
export function renderAvatar(image: HTMLImageElement, area: Area): Promise<Blob> {
  const geometry = avatarDrawGeometry(area, naturalSize(image));
  const canvas = document.createElement('canvas');
  canvas.width = geometry.canvas.width;
  canvas.height = geometry.canvas.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(AVATAR_MESSAGES.failed));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  const { source, target } = geometry;
  context.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    target.x,
    target.y,
    target.width,
    target.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(AVATAR_MESSAGES.failed))), 'image/jpeg', 0.92);
  });
}
