import { chakra } from '@chakra-ui/react';
import { Fragment } from 'react';

/** A piece of highlighted text (schema TextSegment): `hit` pieces matched the keyword. */
export interface Segment {
  readonly text: string;
  readonly hit: boolean;
}

const Mark = chakra('mark', {
  base: { bg: 'transparent', color: 'red.600', fontWeight: 'semibold' },
});

/**
 * Search highlights: every piece is a React text node (never HTML, whatever it contains), the
 * hits inside <mark>.
 */
export function Highlighted({ segments }: { readonly segments: ReadonlyArray<Segment> }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.hit ? <Mark key={i}>{segment.text}</Mark> : <Fragment key={i}>{segment.text}</Fragment>,
      )}
    </>
  );
}

/** The pieces joined: the field's plain text (titles, alt texts). */
export function plainText(segments: ReadonlyArray<Segment>): string {
  return segments.map((s) => s.text).join('');
}
