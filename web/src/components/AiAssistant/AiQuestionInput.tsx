import { Button, Flex, Text, Textarea, chakra } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { questionLength } from './aiQuestionRules';
import { AI_LIMITS, AI_TEXT } from './aiText';

interface Props {
  readonly busy: boolean;
  readonly deepThinking: boolean;
  readonly onDeepThinkingChange: (on: boolean) => void;
  /** Asks; answers whether the question was taken (the input is emptied then). */
  readonly onSubmit: (question: string) => boolean;
}

/**
 * The question input (§5): at most 200 characters counted in code points, with a counter. Like
 * the note input it never cuts the text (no maxLength, which counts UTF-16 units and would cut a
 * Chinese IME's composition); too long is refused when sent. Enter sends, Shift+Enter is a new
 * line, and Enter that confirms an IME composition only confirms it. The deep-thinking toggle
 * (two models) cannot be changed while an answer is on its way.
 */
export function AiQuestionInput({ busy, deepThinking, onDeepThinkingChange, onSubmit }: Props) {
  const ids = useId();
  const [text, setText] = useState('');
  const length = questionLength(text);
  const submit = () => {
    if (onSubmit(text)) setText('');
  };
  return (
    <chakra.form
      noValidate
      aria-label={AI_TEXT.inputLabel}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <chakra.label htmlFor={`${ids}-question`} srOnly>
        {AI_TEXT.inputLabel}
      </chakra.label>
      <Textarea
        id={`${ids}-question`}
        value={text}
        rows={3}
        resize="none"
        fontSize="sm"
        placeholder={AI_TEXT.placeholder}
        aria-describedby={`${ids}-count`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
          e.preventDefault();
          submit();
        }}
      />
      <Flex mt="2" align="center" gap="3">
        <chakra.button
          type="button"
          display="inline-flex"
          alignItems="center"
          role="switch"
          aria-checked={deepThinking}
          disabled={busy}
          title={busy ? '回答结束后可切换' : '开启后使用推理模型，先思考再回答'}
          onClick={() => onDeepThinkingChange(!deepThinking)}
          gap="1.5"
          px="2.5"
          py="1"
          borderRadius="full"
          borderWidth="1px"
          fontSize="xs"
          cursor={busy ? 'not-allowed' : 'pointer'}
          opacity={busy ? 0.6 : 1}
          borderColor={deepThinking ? 'red.300' : 'gray.200'}
          bg={deepThinking ? 'red.50' : 'white'}
          color={deepThinking ? 'red.600' : 'gray.600'}
        >
          <chakra.span
            width="6px"
            height="6px"
            borderRadius="full"
            bg={deepThinking ? 'red.500' : 'gray.300'}
            aria-hidden
          />
          {AI_TEXT.deepThinking}
        </chakra.button>
        <Text
          id={`${ids}-count`}
          fontSize="xs"
          color={length > AI_LIMITS.questionLength ? 'red.500' : 'gray.500'}
          ml="auto"
        >
          {length}/{AI_LIMITS.questionLength}
        </Text>
        <Button type="submit" size="sm" colorPalette="red">
          {AI_TEXT.send}
        </Button>
      </Flex>
    </chakra.form>
  );
}
