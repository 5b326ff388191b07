import { graphql, useFragment } from 'react-relay';
import type { CourseHitCard_hit$key } from '../../__generated__/CourseHitCard_hit.graphql';
import { CourseCard } from '../CourseCard/CourseCard';
import { Highlighted } from './Highlighted';

const hitFragment = graphql`
  fragment CourseHitCard_hit on CourseHit {
    course {
      authorPosition
      ...CourseCard_course
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    name {
      text
      hit
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    info {
      text
      hit
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    authorName {
      text
      hit
    }
  }
`;

/** A course found by a search: the site's course card (opens /Play in a new tab) with the matches marked. */
export function CourseHitCard({ hit }: { readonly hit: CourseHitCard_hit$key }) {
  const data = useFragment(hitFragment, hit);
  const position = data.course.authorPosition;
  return (
    <CourseCard
      course={data.course}
      highlight={{
        name: <Highlighted segments={data.name} />,
        lecturer: (
          <>
            <Highlighted segments={data.authorName} />
            {position ? ` · ${position}` : null}
          </>
        ),
        snippet: <Highlighted segments={data.info} />,
      }}
    />
  );
}
