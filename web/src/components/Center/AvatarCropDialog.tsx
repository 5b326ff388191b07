import {
  Avatar,
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Spinner,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Cropper from 'react-easy-crop';
import { graphql, useMutation } from 'react-relay';
import type { AvatarCropDialogUploadMutation } from '../../__generated__/AvatarCropDialogUploadMutation.graphql';
import { AVATAR_UPLOAD } from '../../constants';
import { showMessage } from '../ui/toaster';
import {
  AVATAR_MESSAGES,
  fileProblem,
  loadImage,
  naturalSize,
  pixelProblem,
  renderAvatar,
  sliderToZoom,
  zoomToSlider,
  type Area,
} from './avatarImage';
import { setViewerHeadPicture } from '../../relay/viewerUpdaters';
import { operationErrorMessage } from '../../relay/operationErrors';

const uploadAvatarMutation = graphql`
  mutation AvatarCropDialogUploadMutation($input: UploadAvatarInput!) {
    uploadAvatar(input: $input) {
      headPicture
      errors {
        message
        code
        field
      }
    }
  }
`;

const STEPS = ['选择图片', '裁剪', '上传'] as const;

type Step = 0 | 1 | 2;

interface Source {
  readonly url: string;
  readonly image: HTMLImageElement;
}

type Upload =
  | { readonly status: 'loading' }
  | { readonly status: 'success'; readonly headPicture: string }
  | { readonly status: 'fail'; readonly message: string; readonly blob: Blob | null };

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
}

/**
 * 更换头像 in the three steps of product-spec §4: 1 choose a file (checked by type, size and, once
 * decoded, pixels), 2 crop a 300x300 square with a 0–100 zoom slider, 3 upload the crop as a
 * 300x300 JPEG (loading, success, fail). Loaded lazily with react-easy-crop.
 */
export default function AvatarCropDialog({ open, onClose }: Props) {
  const [step, setStep] = useState<Step>(0);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [decoding, setDecoding] = useState(false);
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [upload, setUpload] = useState<Upload>({ status: 'loading' });
  const [commit] = useMutation<AvatarCropDialogUploadMutation>(uploadAvatarMutation);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploading = step === 2 && upload.status === 'loading';

  // The chosen file's object URL lives as long as it is the source.
  useEffect(() => {
    if (!source) return;
    return () => URL.revokeObjectURL(source.url);
  }, [source]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again is a change too
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setChooseError(problem);
      return;
    }
    setChooseError(null);
    setDecoding(true);
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      const tooSmall = pixelProblem(naturalSize(image));
      if (tooSmall) {
        URL.revokeObjectURL(url);
        setChooseError(tooSmall);
        return;
      }
      setSource({ url, image });
      setCrop({ x: 0, y: 0 });
      setZoom(1);
      setArea(null);
      setStep(1);
    } catch {
      URL.revokeObjectURL(url);
      setChooseError(AVATAR_MESSAGES.notImage);
    } finally {
      setDecoding(false);
    }
  };

  const fail = (message: string, blob: Blob | null) => {
    setUpload({ status: 'fail', message, blob });
    showMessage(message, 'error');
  };

  const send = (blob: Blob) => {
    setStep(2);
    setUpload({ status: 'loading' });
    commit({
      variables: { input: { file: null } },
      uploadables: { file: new File([blob], 'avatar.jpg', { type: 'image/jpeg' }) },
      updater: (store, response) => {
        const payload = response?.uploadAvatar;
        if (payload?.headPicture && payload.errors.length === 0) setViewerHeadPicture(store, payload.headPicture);
      },
      onCompleted: (response) => {
        const { headPicture, errors } = response.uploadAvatar;
        if (errors.length > 0 || !headPicture) fail(errors[0]?.message ?? AVATAR_MESSAGES.failed, blob);
        else setUpload({ status: 'success', headPicture });
      },
      onError: (error) => fail(operationErrorMessage(error) ?? AVATAR_MESSAGES.failed, blob),
    });
  };

  const cropAndSend = async () => {
    if (!source || !area) return;
    setStep(2);
    setUpload({ status: 'loading' });
    try {
      send(await renderAvatar(source.image, area));
    } catch {
      fail(AVATAR_MESSAGES.failed, null);
    }
  };

  const close = () => {
    if (!uploading) onClose();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => (e.open ? undefined : close())}
      size="md"
      placement="center"
      closeOnInteractOutside={false}
      closeOnEscape={!uploading}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="2xl">
            <Dialog.Header>
              <Dialog.Title>更换头像</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <StepBar current={step} />
              {step === 0 ? (
                <Stack gap="3" align="center" py="6" textAlign="center">
                  <chakra.input
                    ref={fileInput}
                    type="file"
                    accept="image/*"
                    display="none"
                    aria-label="选择图片"
                    data-testid="avatar-file"
                    onChange={(e) => void choose(e)}
                  />
                  <Button
                    colorPalette="red"
                    loading={decoding}
                    loadingText="读取中..."
                    onClick={() => fileInput.current?.click()}
                  >
                    选择图片
                  </Button>
                  <Text fontSize="sm" color="fg.muted">
                    {`图片格式，单文件不超过 ${AVATAR_UPLOAD.maxFileKb} KB，不小于 ${AVATAR_UPLOAD.size}×${AVATAR_UPLOAD.size} 像素`}
                  </Text>
                  {chooseError ? (
                    <Text role="alert" fontSize="sm" color="red.500">
                      {chooseError}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              {step === 1 && source ? (
                <Stack gap="4">
                  <Box position="relative" h="360px" bg="gray.900" borderRadius="lg" overflow="hidden">
                    <Cropper
                      image={source.url}
                      crop={crop}
                      zoom={zoom}
                      minZoom={1}
                      maxZoom={AVATAR_UPLOAD.maxZoom}
                      aspect={1}
                      cropSize={{ width: AVATAR_UPLOAD.size, height: AVATAR_UPLOAD.size }}
                      objectFit="cover"
                      onCropChange={setCrop}
                      onZoomChange={setZoom}
                      onCropComplete={(_, pixels) => setArea(pixels)}
                    />
                  </Box>
                  <HStack gap="3">
                    <chakra.label htmlFor="avatar-zoom" fontSize="sm" color="gray.600" flexShrink={0}>
                      缩放
                    </chakra.label>
                    <chakra.input
                      id="avatar-zoom"
                      type="range"
                      min={0}
                      max={AVATAR_UPLOAD.zoomSliderMax}
                      step={1}
                      value={zoomToSlider(zoom)}
                      onChange={(e) => setZoom(sliderToZoom(Number(e.target.value)))}
                      flex="1"
                      accentColor="red.600"
                    />
                    <Text fontSize="sm" color="fg.muted" w="3em" textAlign="right">
                      {zoomToSlider(zoom)}
                    </Text>
                  </HStack>
                </Stack>
              ) : null}
              {step === 2 ? <UploadState upload={upload} /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              {step === 1 ? (
                <>
                  <Button variant="outline" onClick={() => setStep(0)}>
                    重新选择
                  </Button>
                  <Button colorPalette="red" disabled={!area} onClick={() => void cropAndSend()}>
                    上传
                  </Button>
                </>
              ) : null}
              {step === 2 && upload.status === 'fail' ? (
                <>
                  <Button variant="outline" onClick={() => setStep(source ? 1 : 0)}>
                    重新裁剪
                  </Button>
                  <Button colorPalette="red" onClick={() => (upload.blob ? send(upload.blob) : void cropAndSend())}>
                    重试
                  </Button>
                </>
              ) : null}
              {step === 2 && upload.status === 'success' ? (
                <Button colorPalette="red" onClick={onClose}>
                  完成
                </Button>
              ) : null}
              {step === 0 ? (
                <Button variant="outline" onClick={onClose}>
                  取消
                </Button>
              ) : null}
            </Dialog.Footer>
            {uploading ? null : (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function StepBar({ current }: { readonly current: Step }) {
  return (
    <chakra.ol display="flex" gap="2" mb="4" listStyleType="none" aria-label="步骤">
      {STEPS.map((label, i) => (
        <chakra.li
          key={label}
          flex="1"
          textAlign="center"
          fontSize="sm"
          py="1.5"
          borderBottomWidth="3px"
          borderColor={i <= current ? 'red.500' : 'gray.200'}
          color={i === current ? 'red.600' : 'gray.500'}
          fontWeight={i === current ? 'bold' : 'normal'}
          aria-current={i === current ? 'step' : undefined}
        >
          {`${i + 1} ${label}`}
        </chakra.li>
      ))}
    </chakra.ol>
  );
}

function UploadState({ upload }: { readonly upload: Upload }) {
  if (upload.status === 'loading') {
    return (
      <Stack align="center" gap="3" py="10" role="status">
        <Spinner size="lg" color="red.500" />
        <Text color="fg.muted">正在上传...</Text>
      </Stack>
    );
  }
  if (upload.status === 'success') {
    return (
      <Stack align="center" gap="3" py="6" role="status">
        <Avatar.Root boxSize="120px">
          <Avatar.Image src={upload.headPicture} alt="新头像" />
        </Avatar.Root>
        <Text color="green.600" fontWeight="medium">
          {AVATAR_MESSAGES.done}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="3" py="10" role="alert">
      <Text color="red.500" fontWeight="medium">
        {upload.message}
      </Text>
    </Stack>
  );
}
