import { Box, Button, CloseButton, Flex, HStack, Image, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback, useContext, useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { VideoActions_video$key } from '../../__generated__/VideoActions_video.graphql';
import { CENTER_POSITION } from '../../constants';
import { videoPlayUrl } from '../../lib/playUrl';
import { PageOriginContext } from '../../lib/pageOrigin';
import { LinkIcon, PhoneIcon, VideoIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { ClipDialog } from './ClipDialog';
import { copyText } from './copyText';
import { usePlayerControls } from './playerControls';
import { mayOperate, PLAY_TEXT } from './playText';
import { Popup } from './Popup';
import { VideoOperationButtons } from './VideoOperationButtons';

const videoFragment = graphql`
  fragment VideoActions_video on Video {
    videoId
    courseId
    name
    duration
    videoUrl
    ...VideoOperationButtons_video
  }
`;

interface Props {
  readonly video: VideoActions_video$key;
  readonly catalogueId: number;
  readonly userType: number;
  /** PlayPage.qrCodeUrl: a QR code of this video's mobile page. */
  readonly qrCodeUrl: string;
}

/** How long the clip's success notice (with its link to the centre) stays. */
const CLIP_NOTICE_MS = 8000;

/** Under the player: 点赞, 收藏, 截取片段, 手机观看 and 分享. */
export function VideoActions({ video: videoKey, catalogueId, userType, qrCodeUrl }: Props) {
  const video = useFragment(videoFragment, videoKey);
  const controls = usePlayerControls();
  // the server render knows the browser's origin from the request (no window there)
  const pageOrigin = useContext(PageOriginContext);
  const [clipAt, setClipAt] = useState<number | null>(null);
  const [clipped, setClipped] = useState<string | null>(null);
  const closeNotice = useCallback(() => setClipped(null), []);
  const shareUrl = new URL(
    videoPlayUrl({ courseId: video.courseId, catalogueId, videoId: video.videoId }),
    pageOrigin ?? window.location.origin,
  ).toString();

  const openClip = () => {
    if (!mayOperate(userType)) {
      showMessage(PLAY_TEXT.noPermission, 'warning');
      return;
    }
    if (!video.videoUrl || video.duration < 1) {
      showMessage(PLAY_TEXT.clipUnavailable, 'warning');
      return;
    }
    setClipAt(controls.currentTime());
  };

  const copy = async () => {
    const ok = await copyText(shareUrl);
    showMessage(ok ? PLAY_TEXT.copied : PLAY_TEXT.copyFailed, ok ? 'success' : 'error');
  };

  return (
    <Flex
      align="center"
      justify="space-between"
      gap="2"
      wrap="wrap"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      px="3"
      py="2"
    >
      <Text as="h2" fontWeight="semibold" color="gray.800" truncate minW="160px" flex="1" px="1" title={video.name}>
        {video.name}
      </Text>
      <HStack gap="1" wrap="wrap" role="group" aria-label="视频操作">
        <VideoOperationButtons video={video} catalogueId={catalogueId} userType={userType} />
        <Button size="sm" variant="ghost" color="gray.600" onClick={openClip}>
          <VideoIcon />
          截取片段
        </Button>
        <Popup label="手机观看" icon={<PhoneIcon />}>
          <Stack align="center" gap="2">
            <Image src={qrCodeUrl} alt="手机观看二维码" width="160px" height="160px" />
            <Text fontSize="sm" color="gray.600">
              {PLAY_TEXT.scanToWatch}
            </Text>
          </Stack>
        </Popup>
        <Popup label="分享" icon={<LinkIcon />}>
          <Stack gap="2" width="320px" maxW="full">
            <Text fontSize="sm" color="gray.700">
              复制链接分享给好友
            </Text>
            <HStack gap="2">
              <Input
                size="sm"
                readOnly
                value={shareUrl}
                aria-label="页面链接"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button size="sm" colorPalette="red" onClick={() => void copy()}>
                复制链接
              </Button>
            </HStack>
          </Stack>
        </Popup>
      </HStack>
      <ClipDialog
        open={clipAt !== null}
        video={{ videoId: video.videoId, courseId: video.courseId, name: video.name, duration: video.duration }}
        currentTime={clipAt ?? 0}
        onClose={() => setClipAt(null)}
        onClipped={(message) => {
          controls.pause();
          setClipped(message);
        }}
      />
      {clipped !== null ? <ClipNotice message={clipped} onClose={closeNotice} /> : null}
    </Flex>
  );
}

/** §8 clip success: the server's sentence, with the way to the fragments in the personal centre. */
function ClipNotice({ message, onClose }: { readonly message: string; readonly onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, CLIP_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  return (
    <Box
      role="status"
      position="fixed"
      top="80px"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      bg="white"
      px="5"
      py="2.5"
      borderRadius="lg"
      borderLeftWidth="4px"
      borderLeftColor="green.500"
      boxShadow="0 8px 24px rgba(15, 23, 42, 0.16)"
    >
      <HStack gap="3" fontSize="sm">
        <Text>{message}</Text>
        <Link asChild color="red.600" fontWeight="medium">
          <RouterLink to={`/center?position=${CENTER_POSITION.fragments}`}>在个人中心查看</RouterLink>
        </Link>
        <CloseButton size="2xs" aria-label="关闭" onClick={onClose} />
      </HStack>
    </Box>
  );
}
