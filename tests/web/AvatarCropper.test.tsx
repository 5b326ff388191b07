import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadImage, renderAvatar } from '../../web/src/components/Center/avatarImage';
import { renderCenterTab, resolveMutation, storedViewer } from './centerTabs';

// jsdom decodes no images and has no canvas: the decoding and the canvas step are replaced (their
// pure parts are tested in avatarImage.test.ts), and so is react-easy-crop, by a stand-in that
// reports a crop area the way the real one does once its image has loaded.
vi.mock('../../web/src/components/Center/avatarImage', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../web/src/components/Center/avatarImage')>();
  return { ...actual, loadImage: vi.fn(), renderAvatar: vi.fn() };
});

const CROP_AREA = { x: 100, y: 0, width: 600, height: 600 };

vi.mock('react-easy-crop', () => ({
  default: function CropperStandIn(props: {
    image: string;
    zoom: number;
    cropSize: { width: number; height: number };
    aspect: number;
    onCropComplete: (area: unknown, pixels: unknown) => void;
  }) {
    const { onCropComplete } = props;
    useEffect(() => {
      onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, CROP_AREA);
    }, [onCropComplete]);
    return (
      <div
        data-testid="cropper"
        data-image={props.image}
        data-zoom={props.zoom}
        data-crop-size={`${props.cropSize.width}x${props.cropSize.height}`}
        data-aspect={props.aspect}
      />
    );
  },
}));

const decoded = (width: number, height: number) => ({ naturalWidth: width, naturalHeight: height }) as HTMLImageElement;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(loadImage).mockReset();
  vi.mocked(renderAvatar).mockReset();
});

afterEach(() => vi.clearAllMocks());

async function openCropper() {
  const rendered = await renderCenterTab('profile');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '更换头像' }));
  });
  const dialog = await screen.findByRole('dialog', { name: '更换头像' });
  return { ...rendered, dialog: within(dialog) };
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
  });
}

function currentStep() {
  return document.querySelector('[aria-current="step"]')?.textContent;
}

describe('avatar cropper · 1 选择图片', () => {
  it('opens at step 1 with an image/* file chooser', async () => {
    const { dialog } = await openCropper();
    expect(currentStep()).toBe('1 选择图片');
    expect(screen.getByTestId('avatar-file').getAttribute('accept')).toBe('image/*');
    expect(dialog.getByRole('button', { name: '选择图片' })).toBeTruthy();
  });

  it('refuses a file the browser does not call an image: 仅限图片格式', async () => {
    const { dialog } = await openCropper();
    await choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(dialog.getByRole('alert').textContent).toBe('仅限图片格式');
    expect(loadImage).not.toHaveBeenCalled();
  });

  it('refuses a file over 10240 KB: 单文件大小不能超过10240kb', async () => {
    const { dialog } = await openCropper();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10240 * 1024 + 1 });
    await choose(big);
    expect(dialog.getByRole('alert').textContent).toBe('单文件大小不能超过10240kb');
  });

  it('refuses a decoded image under 300x300 px, and one that does not decode', async () => {
    const { dialog } = await openCropper();
    vi.mocked(loadImage).mockResolvedValueOnce(decoded(299, 800));
    await choose(new File(['x'], 'small.png', { type: 'image/png' }));
    expect(dialog.getByRole('alert').textContent).toBe('图片最低像素为（宽*高）：300*300');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chosen');

    vi.mocked(loadImage).mockRejectedValueOnce(new Error('broken'));
    await choose(new File(['x'], 'broken.png', { type: 'image/png' }));
    expect(dialog.getByRole('alert').textContent).toBe('仅限图片格式');
    expect(currentStep()).toBe('1 选择图片');
  });
});

describe('avatar cropper · 2 裁剪 and 3 上传', () => {
  it('crops a 300x300 square with the 0–100 zoom slider, uploads the JPEG and updates the viewer’s avatar', async () => {
    const { environment, dialog } = await openCropper();
    const image = decoded(800, 600);
    vi.mocked(loadImage).mockResolvedValueOnce(image);
    await choose(new File(['x'], 'me.png', { type: 'image/png' }));

    expect(currentStep()).toBe('2 裁剪');
    const cropper = screen.getByTestId('cropper');
    expect(cropper.dataset.image).toBe('blob:chosen');
    expect(cropper.dataset.cropSize).toBe('300x300');
    expect(cropper.dataset.aspect).toBe('1');
    const slider = dialog.getByLabelText('缩放') as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['0', '100', '0']);
    fireEvent.change(slider, { target: { value: '50' } });
    expect(screen.getByTestId('cropper').dataset.zoom).toBe('2');

    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
    vi.mocked(renderAvatar).mockResolvedValueOnce(jpeg);
    const executeMutation = vi.spyOn(environment, 'executeMutation');
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '上传' }));
    });
    expect(renderAvatar).toHaveBeenCalledWith(image, CROP_AREA);
    expect(currentStep()).toBe('3 上传');
    expect(dialog.getByText('正在上传...')).toBeTruthy();

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('AvatarCropDialogUploadMutation');
    expect(operation.request.variables).toEqual({ input: { file: null } });
    const uploadables = executeMutation.mock.calls[0]![0].uploadables as Record<string, File>;
    expect(Object.keys(uploadables)).toEqual(['file']);
    expect(uploadables.file!.name).toBe('avatar.jpg');
    expect(uploadables.file!.type).toBe('image/jpeg');

    await resolveMutation(environment, {
      UploadAvatarPayload: () => ({ headPicture: '/media/avatars/7-new.jpg', errors: [] }),
    });
    expect(dialog.getByText('头像上传成功')).toBeTruthy();
    const { viewer, profile } = storedViewer(environment);
    expect(viewer?.headPicture).toBe('/media/avatars/7-new.jpg'); // the header's avatar
    expect(profile?.headPicture).toBe('/media/avatars/7-new.jpg');
    expect(screen.getByAltText('头像').getAttribute('src')).toBe('/media/avatars/7-new.jpg');

    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '完成' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal (toast too), and 重试 sends the same crop again', async () => {
    const { environment, dialog } = await openCropper();
    vi.mocked(loadImage).mockResolvedValueOnce(decoded(800, 600));
    await choose(new File(['x'], 'me.png', { type: 'image/png' }));
    vi.mocked(renderAvatar).mockResolvedValueOnce(new Blob(['jpeg'], { type: 'image/jpeg' }));
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '上传' }));
    });
    await resolveMutation(environment, {
      UploadAvatarPayload: () => ({
        headPicture: null,
        errors: [{ message: '机构网络账号不能修改个人信息', code: 'REFUSED', field: null }],
      }),
    });
    expect(dialog.getByRole('alert').textContent).toBe('机构网络账号不能修改个人信息');
    expect(screen.getAllByText('机构网络账号不能修改个人信息')).toHaveLength(2); // in the dialog and as a toast
    expect(storedViewer(environment).profile?.headPicture).toBe('/media/avatars/7-old.jpg');

    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '重试' }));
    });
    expect(renderAvatar).toHaveBeenCalledTimes(1); // the same JPEG, not cropped again
    expect(environment.mock.getAllOperations()).toHaveLength(1);
    expect(dialog.getByText('正在上传...')).toBeTruthy();
  });

  it('says 图片上传失败 when the request itself fails', async () => {
    const { environment, dialog } = await openCropper();
    vi.mocked(loadImage).mockResolvedValueOnce(decoded(800, 600));
    await choose(new File(['x'], 'me.png', { type: 'image/png' }));
    vi.mocked(renderAvatar).mockResolvedValueOnce(new Blob(['jpeg'], { type: 'image/jpeg' }));
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '上传' }));
    });
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('HTTP 502'));
    });
    expect(dialog.getByRole('alert').textContent).toBe('图片上传失败');
    // Back to the crop step with the same image.
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '重新裁剪' }));
    });
    expect(currentStep()).toBe('2 裁剪');
    expect(screen.getByTestId('cropper')).toBeTruthy();
  });
});
