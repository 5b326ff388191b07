import { Box, Button, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { DanmakuBarSendMutation } from '../../__generated__/DanmakuBarSendMutation.graphql';
import { showMessage } from '../ui/toaster';
import { DANMAKU_SEND_FAILED } from './constants';
import { checkDanmaku, clampDanmakuInput, DANMAKU_MAX_CHARS, danmakuLength } from './danmakuText';
import { DANMAKU_OPACITY_MIN } from './preferences';
import type { PlayerDanmaku } from './types';
import { operationErrorMessage } from '../../relay/operationErrors';

const sendMutation = graphql`
  mutation DanmakuBarSendMutation($input: SendDanmakuInput!) {
    sendDanmaku(input: $input) {
      danmaku {
        id
        vtime
        content
        mine
      }
      errors {
        message
      }
    }
  }
`;

interface Props {
  readonly videoId: number;
  readonly shown: boolean;
  readonly onShownChange: (shown: boolean) => void;
  readonly opacity: number;
  readonly onOpacityChange: (opacity: number) => void;
  /** Seconds into the video now (the comment's vtime). */
  readonly currentTime: () => number;
  /** A comment is being sent: show it at once. */
  readonly onSending: (danmaku: PlayerDanmaku) => void;
  /** The answer: the stored comment replaces the shown one, or null takes it away. */
  readonly onSettled: (localId: string, stored: PlayerDanmaku | null) => void;
}

let localIds = 0;

/**
 * The comment bar under the picture: 弹幕 on/off, its opacity, and the input (30 characters at
 * most, counted in code points as the server does, with a counter; cut when not composing with an
 * input method; empty is refused with 请输入弹幕内容; Enter sends). Your comment runs at
 * once; a refusal takes it back and shows the server's message (or 弹幕发送失败).
 */
export function DanmakuBar({
  videoId,
  shown,
  onShownChange,
  opacity,
  onOpacityChange,
  currentTime,
  onSending,
  onSettled,
}: Props) {
  const [text, setText] = useState('');
  // While an input method composes (pinyin), the text is kept as typed: cutting it at 30 would
  // break the composition; it is cut when the composition ends, and again when sent.
  const composing = useRef(false);
  const [commit, sending] = useMutation<DanmakuBarSendMutation>(sendMutation);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const check = checkDanmaku(text);
    if (!check.ok) {
      showMessage(check.message, 'warning');
      return;
    }
    const vtime = Math.round(Math.max(0, currentTime()) * 10) / 10;
    localIds += 1;
    const localId = `local-${localIds}`;
    onSending({ id: localId, vtime, content: check.content, mine: true });
    if (!shown) onShownChange(true);
    setText('');
    commit({
      variables: { input: { videoId, vtime, content: check.content } },
      onCompleted: (response) => {
        const payload = response.sendDanmaku;
        const stored = payload?.danmaku;
        if (stored && payload.errors.length === 0) {
          onSettled(localId, { id: stored.id, vtime: stored.vtime, content: stored.content, mine: true });
          return;
        }
        onSettled(localId, null);
        showMessage(payload?.errors[0]?.message || DANMAKU_SEND_FAILED, 'error');
      },
      onError: (error) => {
        onSettled(localId, null);
        showMessage(operationErrorMessage(error) ?? DANMAKU_SEND_FAILED, 'error');
      },
    });
  };

  const count = danmakuLength(text);
  return (
    <Box as="form" onSubmit={send} bg="gray.900" color="gray.100" px="3" py="2" aria-label="弹幕">
      <HStack gap="3">
        <Button
          type="button"
          size="xs"
          variant={shown ? 'solid' : 'outline'}
          colorPalette="red"
          aria-pressed={shown}
          onClick={() => onShownChange(!shown)}
          title={shown ? '关闭弹幕' : '开启弹幕'}
        >
          弹幕
        </Button>
        {/* below 480 px (phones) the input needs the room: the opacity stays in the settings menu */}
        <HStack gap="1" flexShrink={0} title="弹幕透明度" hideBelow="sm">
          <Text fontSize="xs" color="gray.400">
            透明度
          </Text>
          <input
            type="range"
            aria-label="弹幕透明度"
            min={DANMAKU_OPACITY_MIN}
            max={1}
            step={0.05}
            value={opacity}
            onChange={(e) => onOpacityChange(Number(e.target.value))}
            style={{ width: 72, accentColor: '#e53e3e' }}
          />
        </HStack>
        <HStack flex="1" gap="0" minW="0" bg="gray.800" borderRadius="full" pl="3" pr="1">
          <Input
            value={text}
            onChange={(e) => setText(composing.current ? e.target.value : clampDanmakuInput(e.target.value))}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(e) => {
              composing.current = false;
              setText(clampDanmakuInput(e.currentTarget.value));
            }}
            placeholder="发个友善的弹幕见证当下"
            aria-label="弹幕内容"
            size="sm"
            border="0"
            bg="transparent"
            color="white"
            _placeholder={{ color: 'gray.500' }}
            _focusVisible={{ outline: 'none' }}
            enterKeyHint="send"
          />
          <Text
            fontSize="xs"
            // gray.400: gray.500 on the field's gray.800 is below 4.5:1
            color={count >= DANMAKU_MAX_CHARS ? 'red.300' : 'gray.400'}
            px="2"
            flexShrink={0}
            aria-label="已输入字数"
          >
            {count}/{DANMAKU_MAX_CHARS}
          </Text>
          <Button
            type="submit"
            size="xs"
            colorPalette="red"
            borderRadius="full"
            px="4"
            loading={sending}
            flexShrink={0}
          >
            发送
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}
