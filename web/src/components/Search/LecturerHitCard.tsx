import { graphql, useFragment } from 'react-relay';
import type { LecturerHitCard_hit$key } from '../../__generated__/LecturerHitCard_hit.graphql';
import { LecturerCard } from '../LecturerCard/LecturerCard';
import { Highlighted } from './Highlighted';

const hitFragment = graphql`
  fragment LecturerHitCard_hit on AuthorHit {
    author {
      ...LecturerCard_author
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    name {
      text
      hit
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    position {
      text
      hit
    }
  }
`;

/** A lecturer found by a search: the site's lecturer card (opens /authorDes?id=) with the matches marked. */
export function LecturerHitCard({
  hit,
  eager = false,
}: {
  readonly hit: LecturerHitCard_hit$key;
  readonly eager?: boolean;
}) {
  const data = useFragment(hitFragment, hit);
  return (
    <LecturerCard
      author={data.author}
      eager={eager}
      highlight={{ name: <Highlighted segments={data.name} />, position: <Highlighted segments={data.position} /> }}
    />
  );
}
