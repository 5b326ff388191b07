import { Box, HStack, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { videoPlayUrl } from '../../lib/playUrl';
import { ChevronDownIcon, ChevronUpIcon, PlayIcon } from '../icons/Icons';
import { AI_TEXT } from './aiText';
import type { AiExchange, AiSource } from './useAiConversation';

/** /Play at the second the source is spoken or shown (a new tab, as course cards open it). */
function sourceUrl(source: AiSource): string {
  return videoPlayUrl({
    courseId: source.courseId,
    catalogueId: source.catalogueId,
    videoId: source.videoId,
    vtime: source.timePoint,
  });
}

/**
 * The answer text with its citation markers [n] as small links to source n (once the sources have
 * arrived; while the answer streams they are plain superscripts). A marker without such a source
 * stays as it was written.
 */
export function AnswerText({ text, sources }: { readonly text: string; readonly sources: readonly AiSource[] }) {
  const parts: ReactNode[] = [];
  const marker = /\[(\d{1,3})\]/g;
  let last = 0;
  for (let match = marker.exec(text); match !== null; match = marker.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const index = Number(match[1]);
    const source = sources.find((s) => s.index === index);
    parts.push(
      source ? (
        <chakra.a
          key={`c${match.index}`}
          href={sourceUrl(source)}
          target="_blank"
          rel="noopener"
          title={`${source.videoName} ${source.timeLabel}`}
          aria-label={`来源${index}：${source.videoName} ${source.timeLabel}`}
          fontSize="0.7em"
          verticalAlign="super"
          color="red.600"
          fontWeight="semibold"
          px="0.5"
          _hover={{ textDecoration: 'underline' }}
          data-testid="ai-citation"
        >
          [{index}]
        </chakra.a>
      ) : (
        <chakra.sup key={`c${match.index}`} color="gray.500">
          [{index}]
        </chakra.sup>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * The thinking text, apart from the answer and muted: open while it streams, folded away once the
 * answer begins (the answer is what was asked for), and open or folded at will after that.
 */
function Thinking({ exchange }: { readonly exchange: AiExchange }) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const streaming = (exchange.status === 'asking' || exchange.status === 'streaming') && exchange.answer === '';
  const expanded = chosen ?? exchange.answer === '';
  const setExpanded = (toggle: (open: boolean) => boolean) => setChosen(toggle(expanded));
  return (
    <Box borderLeftWidth="2px" borderColor="gray.200" pl="3" data-testid="ai-thinking">
      <chakra.button
        type="button"
        display="inline-flex"
        alignItems="center"
        gap="1"
        fontSize="xs"
        color="gray.500"
        aria-expanded={expanded}
        onClick={() => setExpanded((v) => !v)}
      >
        {streaming ? <Spinner size="xs" /> : null}
        {streaming ? AI_TEXT.thinking : AI_TEXT.thoughts}
        {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
      </chakra.button>
      {expanded && exchange.thinking !== '' ? (
        <Text
          mt="1"
          fontSize="xs"
          color="gray.500"
          lineHeight="1.7"
          whiteSpace="pre-wrap"
          data-testid="ai-thinking-text"
        >
          {exchange.thinking}
        </Text>
      ) : null}
    </Box>
  );
}

function Sources({ sources }: { readonly sources: readonly AiSource[] }) {
  return (
    <Stack as="section" aria-label={AI_TEXT.sources} gap="1.5">
      <Text fontSize="xs" fontWeight="semibold" color="gray.600">
        {AI_TEXT.sources}
      </Text>
      <Stack as="ol" listStyleType="none" gap="1.5">
        {sources.map((source) => (
          <li key={source.index}>
            <chakra.a
              href={sourceUrl(source)}
              target="_blank"
              rel="noopener"
              display="flex"
              gap="2"
              p="2"
              borderRadius="md"
              bg="gray.50"
              _hover={{ bg: 'red.50' }}
              data-testid="ai-source"
            >
              <Text as="span" fontSize="xs" color="red.600" fontWeight="semibold" flexShrink={0}>
                [{source.index}]
              </Text>
              <Stack as="span" gap="0.5" minW="0">
                <Text as="span" fontSize="sm" color="gray.800" fontWeight="medium" lineClamp={2}>
                  {source.videoName}
                </Text>
                <HStack as="span" gap="2" fontSize="xs" color="gray.500">
                  <Text as="span" truncate>
                    {source.courseName}
                  </Text>
                  <HStack as="span" gap="0.5" flexShrink={0} color="red.500">
                    <PlayIcon />
                    {source.timeLabel}
                  </HStack>
                </HStack>
              </Stack>
            </chakra.a>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

/** One question and its answer: the thinking apart (muted, foldable), the answer with its citations, the sources. */
export function AiExchangeView({ exchange }: { readonly exchange: AiExchange }) {
  const waiting = exchange.status === 'asking' || exchange.status === 'streaming';
  const showThinking = exchange.thinking !== '' || (exchange.deepThinking && waiting && exchange.answer === '');
  return (
    <Stack
      as="article"
      gap="2.5"
      aria-label={`问：${exchange.question}`}
      data-testid="ai-exchange"
      data-status={exchange.status}
    >
      <Box
        alignSelf="flex-end"
        maxW="85%"
        bg="red.500"
        color="white"
        px="3"
        py="2"
        borderRadius="lg"
        borderTopRightRadius="sm"
        fontSize="sm"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {exchange.question}
      </Box>
      <Stack gap="2" bg="white" borderWidth="1px" borderColor="gray.100" borderRadius="lg" p="3">
        {showThinking ? <Thinking exchange={exchange} /> : null}
        {exchange.answer !== '' ? (
          <Text
            fontSize="sm"
            color="gray.800"
            lineHeight="1.8"
            whiteSpace="pre-wrap"
            wordBreak="break-word"
            data-testid="ai-answer"
          >
            <AnswerText text={exchange.answer} sources={exchange.sources} />
          </Text>
        ) : waiting && !showThinking ? (
          <HStack gap="2" fontSize="sm" color="gray.500">
            <Spinner size="xs" />
            <Text>{AI_TEXT.answering}</Text>
          </HStack>
        ) : null}
        {exchange.status === 'failed' ? (
          <Text role="alert" fontSize="sm" color="red.600">
            {exchange.error}
          </Text>
        ) : null}
        {exchange.status === 'done' && exchange.sources.length > 0 ? <Sources sources={exchange.sources} /> : null}
        {exchange.status === 'done' && exchange.sources.length === 0 && exchange.answer === '' ? (
          <Text fontSize="sm" color="gray.500">
            {AI_TEXT.noSources}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
