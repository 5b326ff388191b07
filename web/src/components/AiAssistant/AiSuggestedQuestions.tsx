import { Stack, Text, chakra } from '@chakra-ui/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AiSuggestedQuestionsQuery } from '../../__generated__/AiSuggestedQuestionsQuery.graphql';
import { AI_LIMITS, AI_TEXT } from './aiText';

const suggestionsQuery = graphql`
  query AiSuggestedQuestionsQuery($courseId: Int!, $videoId: Int!, $first: Int!) {
    aiSuggestedQuestions(courseId: $courseId, videoId: $videoId, first: $first)
  }
`;

/**
 * 猜你想问: the suggested questions of the video or course shown on /Play, else the platform's
 * general ones (GET /api/ai/recommend). A click asks the question (with the drawer's rules).
 */
export function AiSuggestedQuestions({
  courseId,
  videoId,
  onPick,
}: {
  readonly courseId: number;
  readonly videoId: number;
  readonly onPick: (question: string) => void;
}) {
  const { aiSuggestedQuestions } = useLazyLoadQuery<AiSuggestedQuestionsQuery>(
    suggestionsQuery,
    { courseId, videoId, first: AI_LIMITS.suggestions },
    { fetchPolicy: 'store-or-network' },
  );
  if (aiSuggestedQuestions.length === 0) return null;
  return (
    <Stack as="section" aria-label={AI_TEXT.suggested} gap="2">
      <Text fontSize="xs" fontWeight="semibold" color="gray.500">
        {AI_TEXT.suggested}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1.5">
        {aiSuggestedQuestions.map((question) => (
          <li key={question}>
            <chakra.button
              type="button"
              width="full"
              textAlign="left"
              fontSize="sm"
              color="gray.700"
              bg="white"
              borderWidth="1px"
              borderColor="gray.100"
              borderRadius="lg"
              px="3"
              py="2"
              _hover={{ borderColor: 'red.200', color: 'red.600' }}
              onClick={() => onPick(question)}
            >
              {question}
            </chakra.button>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
