import { Badge, Button, HStack, Stack, Text, Wrap, chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type {
  PlayAiContent_video$data,
  PlayAiContent_video$key,
} from '../../__generated__/PlayAiContent_video.graphql';
import { useAiAssistant } from '../AiAssistant/AiAssistant';
import { AI_LIMITS } from '../AiAssistant/aiText';
import { ChevronDownIcon, ChevronUpIcon } from '../icons/Icons';
import { usePlayerControls } from './playerControls';

const videoFragment = graphql`
  fragment PlayAiContent_video on Video {
    videoId
    courseId
    aiContent {
      courseOverview
      videoAbstract
      keyPoints {
        timePoint
        keyPointsShow
        description
      }
      guessYouAsk
      relatedMajors {
        code
        name
        majorClass
      }
      coreContent {
        tagName
        tagType
      }
    }
  }
`;

type AiContent = NonNullable<PlayAiContent_video$data['aiContent']>;

/** A titled part of the block; nothing when it has nothing to show. */
function Part({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="1.5">
      <Text as="h3" fontSize="sm" fontWeight="bold" color="gray.800">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** 知识要点: each seeks the player to its second; 15 shown until 显示更多 (§4). */
function KeyPoints({ points }: { readonly points: AiContent['keyPoints'] }) {
  const controls = usePlayerControls();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? points : points.slice(0, AI_LIMITS.keyPointsShown);
  return (
    <Part title="知识要点">
      <Stack as="ol" listStyleType="none" gap="1">
        {shown.map((point) => (
          <li key={`${point.timePoint}-${point.description}`}>
            <chakra.button
              type="button"
              display="flex"
              gap="2.5"
              width="full"
              textAlign="left"
              px="2"
              py="1.5"
              borderRadius="md"
              _hover={{ bg: 'red.50' }}
              aria-label={`${point.keyPointsShow} ${point.description}`}
              onClick={() => controls.seek(point.timePoint)}
              data-testid="ai-key-point"
            >
              <Text as="span" fontSize="xs" color="red.600" fontWeight="semibold" flexShrink={0} lineHeight="1.9">
                {point.keyPointsShow}
              </Text>
              <Text as="span" fontSize="sm" color="gray.700" lineHeight="1.7">
                {point.description}
              </Text>
            </chakra.button>
          </li>
        ))}
      </Stack>
      {points.length > AI_LIMITS.keyPointsShown ? (
        <Button
          size="xs"
          variant="ghost"
          color="gray.600"
          alignSelf="center"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? '收起' : '显示更多'}
          {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
        </Button>
      ) : null}
    </Part>
  );
}

/**
 * The AI content block of the play page (§1, §3 AI content): 课程概述, 视频摘要, 知识要点
 * with their seconds (15 before 显示更多; a click seeks the player), 猜你想问 (a click opens the
 * AI drawer and asks about this video), 相关专业 (name, code, 专业类) and the core-content tags. Generated ahead by
 * the upstream: until it exists (aiContent null) the block is not shown.
 */
export function PlayAiContent({ video: videoKey }: { readonly video: PlayAiContent_video$key }) {
  const { videoId, courseId, aiContent } = useFragment(videoFragment, videoKey);
  const assistant = useAiAssistant();
  if (!aiContent) return null;
  const { courseOverview, videoAbstract, keyPoints, guessYouAsk, relatedMajors, coreContent } = aiContent;
  return (
    <Stack
      as="section"
      aria-label="AI内容"
      gap="4"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      p="4"
    >
      <HStack gap="2">
        <Text as="h2" fontWeight="bold" color="gray.900">
          AI内容
        </Text>
        <Badge colorPalette="orange" variant="subtle" size="sm">
          AI生成，仅供参考
        </Badge>
      </HStack>
      {coreContent.length > 0 ? (
        <Wrap gap="1.5" aria-label="核心内容">
          {coreContent.map((tag) => (
            <Badge
              key={`${tag.tagType}-${tag.tagName}`}
              variant="outline"
              colorPalette={tag.tagType === 3 ? 'red' : 'gray'}
              size="sm"
            >
              {tag.tagName}
            </Badge>
          ))}
        </Wrap>
      ) : null}
      {courseOverview.trim() !== '' ? (
        <Part title="课程概述">
          <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
            {courseOverview}
          </Text>
        </Part>
      ) : null}
      {videoAbstract.trim() !== '' ? (
        <Part title="视频摘要">
          <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
            {videoAbstract}
          </Text>
        </Part>
      ) : null}
      {keyPoints.length > 0 ? <KeyPoints points={keyPoints} /> : null}
      {guessYouAsk.length > 0 ? (
        <Part title="猜你想问">
          <Wrap gap="2">
            {guessYouAsk.map((question) => (
              <Button
                key={question}
                size="xs"
                variant="outline"
                borderRadius="full"
                colorPalette="red"
                fontWeight="normal"
                onClick={() => assistant.ask(question, { courseId, videoId })}
              >
                {question}
              </Button>
            ))}
          </Wrap>
        </Part>
      ) : null}
      {relatedMajors.length > 0 ? (
        <Part title="相关专业">
          <Stack as="ul" listStyleType="none" gap="1">
            {relatedMajors.map((major) => (
              <HStack as="li" key={major.code || major.name} gap="2" fontSize="sm" data-testid="ai-major">
                <Text as="span" color="gray.800" fontWeight="medium">
                  {major.name}
                </Text>
                {major.code ? (
                  <Text as="span" color="gray.500" fontSize="xs">
                    {major.code}
                  </Text>
                ) : null}
                {major.majorClass ? (
                  <Badge variant="subtle" colorPalette="gray" size="sm">
                    {major.majorClass}
                  </Badge>
                ) : null}
              </HStack>
            ))}
          </Stack>
        </Part>
      ) : null}
    </Stack>
  );
}
