import { describe, expect, it } from 'vitest';
import {
  AVATAR_MESSAGES,
  avatarDrawGeometry,
  fileProblem,
  pixelProblem,
  sliderToZoom,
  zoomToSlider,
} from '../../web/src/components/Center/avatarImage';

describe('avatar image checks (product-spec §5, the login service’s words)', () => {
  it('refuses what the browser does not call an image: 仅限图片格式', () => {
    expect(AVATAR_MESSAGES.notImage).toBe('仅限图片格式');
    expect(fileProblem({ type: 'application/pdf', size: 1000 })).toBe('仅限图片格式');
    expect(fileProblem({ type: '', size: 1000 })).toBe('仅限图片格式');
    expect(fileProblem({ type: 'image/png', size: 1000 })).toBeNull();
  });

  it('refuses a file over 10240 KB: 单文件大小不能超过10240kb', () => {
    expect(fileProblem({ type: 'image/jpeg', size: 10240 * 1024 })).toBeNull();
    expect(fileProblem({ type: 'image/jpeg', size: 10240 * 1024 + 1 })).toBe('单文件大小不能超过10240kb');
  });

  it('refuses a decoded image with either side under 300 px: 图片最低像素为（宽*高）：300*300', () => {
    expect(pixelProblem({ width: 300, height: 300 })).toBeNull();
    expect(pixelProblem({ width: 4000, height: 3000 })).toBeNull();
    expect(pixelProblem({ width: 299, height: 1200 })).toBe('图片最低像素为（宽*高）：300*300');
    expect(pixelProblem({ width: 1200, height: 299 })).toBe('图片最低像素为（宽*高）：300*300');
  });
});

describe('zoom slider 0–100', () => {
  it('maps onto the cropper’s zoom 1..3 and back', () => {
    expect(sliderToZoom(0)).toBe(1);
    expect(sliderToZoom(50)).toBe(2);
    expect(sliderToZoom(100)).toBe(3);
    expect(sliderToZoom(150)).toBe(3);
    expect(zoomToSlider(1)).toBe(0);
    expect(zoomToSlider(2.5)).toBe(75);
    expect(zoomToSlider(3)).toBe(100);
    for (const value of [0, 13, 42, 99, 100]) expect(zoomToSlider(sliderToZoom(value))).toBe(value);
  });
});

describe('crop → canvas geometry', () => {
  it('always draws onto a 300x300 canvas, filling it', () => {
    const geometry = avatarDrawGeometry({ x: 120, y: 40, width: 600, height: 600 }, { width: 1600, height: 900 });
    expect(geometry.canvas).toEqual({ width: 300, height: 300 });
    expect(geometry.target).toEqual({ x: 0, y: 0, width: 300, height: 300 });
    expect(geometry.source).toEqual({ x: 120, y: 40, width: 600, height: 600 });
  });

  it('rounds the cropper’s fractional area to a whole-pixel square inside the image', () => {
    const { source } = avatarDrawGeometry(
      { x: 1299.6, y: -0.4, width: 300.6, height: 300.2 },
      { width: 1600, height: 900 },
    );
    expect(source.width).toBe(source.height);
    expect(source.width).toBe(300);
    expect(source.x).toBeGreaterThanOrEqual(0);
    expect(source.y).toBe(0);
    expect(source.x + source.width).toBeLessThanOrEqual(1600);
  });

  it('never reads outside a small image, whatever the area says', () => {
    const { source, canvas } = avatarDrawGeometry(
      { x: 10, y: 10, width: 500, height: 480 },
      { width: 300, height: 320 },
    );
    expect(canvas).toEqual({ width: 300, height: 300 });
    expect(source.width).toBe(300);
    expect(source.height).toBe(300);
    expect(source.x).toBe(0);
    expect(source.y + source.height).toBeLessThanOrEqual(320);
  });
});
