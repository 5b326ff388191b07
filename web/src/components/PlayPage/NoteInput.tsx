import { Button, Flex, HStack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { graphql } from 'react-relay';
import type { NoteInputAddMutation, NoteVisibility } from '../../__generated__/NoteInputAddMutation.graphql';
import { formatMmSs } from '../../lib/formatTime';
import { checkUserText } from '../../lib/userText';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';
import { ClockIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { centerListsAfterNoteChange } from './centerLists';
import { usePlayerControls } from './playerControls';
import { failureText, mayOperate, PLAY_LIMITS, PLAY_TEXT } from './playText';

const addNoteMutation = graphql`
  mutation NoteInputAddMutation($input: AddNoteInput!, $connections: [ID!]!) {
    addNote(input: $input) {
      noteEdge @prependEdge(connections: $connections) {
        cursor
        node {
          id
          ...VideoNoteItem_note
        }
      }
      errors {
        message
      }
    }
  }
`;

interface Props {
  readonly video: { readonly videoId: number; readonly courseId: number; readonly duration: number };
  readonly catalogueId: number;
  readonly userType: number;
  /** 全部笔记 and 我的笔记: the new note goes on top of both. */
  readonly connections: readonly string[];
}

/**
 * 记笔记 (§5): at most 500 characters (code points, as the server counts: no maxLength, which
 * counts UTF-16 units) with a counter, 公开 or 私密, at the player's current second
 * (shown, and sent as vtime). Empty is refused with 请输入笔记内容, a failure says 笔记记录失败.
 */
export function NoteInput({ video, catalogueId, userType, connections }: Props) {
  const controls = usePlayerControls();
  const ids = useId();
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('PUBLIC');
  const [now, setNow] = useState(() => controls.currentTime());
  const add = useMutationWithUserErrors<NoteInputAddMutation>(addNoteMutation, (r) => r.addNote?.errors);

  // the second the note will be about follows the player (another player: its second at once)
  const [shownFor, setShownFor] = useState(controls);
  if (controls !== shownFor) {
    setShownFor(controls);
    setNow(controls.currentTime());
  }
  useEffect(() => {
    const timer = setInterval(() => setNow(controls.currentTime()), 1000);
    return () => clearInterval(timer);
  }, [controls]);

  const length = [...content].length;
  const submit = async () => {
    if (!mayOperate(userType)) {
      showMessage(PLAY_TEXT.noPermission, 'warning');
      return;
    }
    // the text policy of every typed field (lib/userText): what is sent is the cleaned note
    const verdict = checkUserText(content, { multiline: true, maxLength: PLAY_LIMITS.noteLength });
    if (!verdict.ok) {
      showMessage(verdict.problem === 'tooLong' ? PLAY_TEXT.noteTooLong : PLAY_TEXT.noteBadCharacters, 'warning');
      return;
    }
    const text = verdict.text;
    if (text === '') {
      showMessage(PLAY_TEXT.noteEmpty, 'warning');
      return;
    }
    const at = controls.currentTime();
    const vtime = Math.min(Math.floor(at), Math.max(0, Math.floor(video.duration)));
    setNow(at);
    const result = await add.run({
      variables: {
        input: { videoId: video.videoId, courseId: video.courseId, catalogueId, content: text, visibility, vtime },
        connections: [...connections],
      },
      updater: centerListsAfterNoteChange,
    });
    if (result.ok) {
      setContent('');
      showMessage(PLAY_TEXT.noteSaved, 'success');
    } else {
      showMessage(failureText(PLAY_TEXT.noteFailed, result.message), 'error');
    }
  };

  return (
    <chakra.form
      noValidate
      aria-label="记笔记"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <chakra.label htmlFor={`${ids}-note`} srOnly>
        笔记内容
      </chakra.label>
      <Textarea
        id={`${ids}-note`}
        value={content}
        rows={3}
        resize="vertical"
        placeholder="记录此刻的学习心得…"
        aria-describedby={`${ids}-count`}
        onChange={(e) => setContent(e.target.value)}
      />
      <Flex mt="2" align="center" gap="3" wrap="wrap">
        <HStack gap="1" fontSize="xs" color="gray.500" aria-label={`记录于 ${formatMmSs(now)}`} role="timer">
          <ClockIcon />
          <Text>记录于 {formatMmSs(now)}</Text>
        </HStack>
        <HStack as="fieldset" gap="3" fontSize="sm" color="gray.700">
          <chakra.legend srOnly>笔记可见范围</chakra.legend>
          {(
            [
              ['PUBLIC', '公开'],
              ['PRIVATE', '私密'],
            ] as const
          ).map(([value, label]) => (
            <chakra.label key={value} display="inline-flex" alignItems="center" gap="1" cursor="pointer">
              <input
                type="radio"
                name={`${ids}-visibility`}
                value={value}
                checked={visibility === value}
                onChange={() => setVisibility(value)}
              />
              {label}
            </chakra.label>
          ))}
        </HStack>
        <Text
          id={`${ids}-count`}
          fontSize="xs"
          color={length >= PLAY_LIMITS.noteLength ? 'red.500' : 'gray.500'}
          ml="auto"
        >
          {length}/{PLAY_LIMITS.noteLength}
        </Text>
        <Button type="submit" size="sm" colorPalette="red" loading={add.busy}>
          保存笔记
        </Button>
      </Flex>
    </chakra.form>
  );
}
