import { graphql, useFragment } from 'react-relay';
import type { AuthorHitCard_hit$key } from '../../__generated__/AuthorHitCard_hit.graphql';
import { AuthorCard } from '../AuthorCard/AuthorCard';
import { Highlighted } from './Highlighted';

const hitFragment = graphql`
  fragment AuthorHitCard_hit on AuthorHit {
    author {
      ...AuthorCard_author
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
export function AuthorHitCard({
  hit,
  eager = false,
}: {
  readonly hit: AuthorHitCard_hit$key;
  readonly eager?: boolean;
}) {
  const data = useFragment(hitFragment, hit);
  return (
    <AuthorCard
      author={data.author}
      eager={eager}
      highlight={{ name: <Highlighted segments={data.name} />, position: <Highlighted segments={data.position} /> }}
    />
  );
}
