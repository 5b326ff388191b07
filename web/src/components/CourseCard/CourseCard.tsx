import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CourseCard_course$key } from '../../__generated__/CourseCard_course.graphql';
import { useLoginFirstHref } from '../../lib/LoginPage';
import { formatCount } from '../../lib/formatCount';
import { EyeIcon, PlayIcon, VideoIcon } from '../icons/Icons';
import './courseCard.css';

const courseFragment = graphql`
  fragment CourseCard_course on Course {
    courseId
    catalogueId
    name
    image
    exclusive
    authorName
    authorPosition
    videoCount
    viewCount
  }
`;

/** The player page of a course (opens in a new tab, §2). */
export function playUrl(courseId: number, catalogueId: number): string {
  return `/Play?courseId=${courseId}&catalogId=${catalogueId}`;
}

interface Props {
  readonly course: CourseCard_course$key;
  /** Smaller text for dense places (topic slides). */
  readonly compact?: boolean;
  /**
   * Search results show the course with the keyword marked: these replace the plain name and
   * lecturer line, and `snippet` (the introduction around the match) goes under the name.
   */
  readonly highlight?: { readonly name?: ReactNode; readonly lecturer?: ReactNode; readonly snippet?: ReactNode };
  /** on the first screen: the image loads at once instead of when scrolled near */
  readonly eager?: boolean;
}

export function CourseCard({ course, compact = false, highlight, eager = false }: Props) {
  const data = useFragment(courseFragment, course);
  // a visitor's click opens the login page (one tab), which comes back to the course
  const loginFirst = useLoginFirstHref();
  const lecturer = highlight?.lecturer ?? [data.authorName, data.authorPosition].filter(Boolean).join(' · ');
  // static styles (courseCard.css): nothing computed per card at run time
  return (
    <a
      className={compact ? 'cc-card cc-compact' : 'cc-card'}
      href={loginFirst(playUrl(data.courseId, data.catalogueId))}
      target="_blank"
      rel="noopener"
      title={data.name}
    >
      <div className="cc-media">
        <img className="cc-image" src={data.image} alt={data.name} loading={eager ? 'eager' : 'lazy'} />
        {data.exclusive ? <span className="cc-exclusive">独家</span> : null}
        <div className="cc-videos">
          <VideoIcon />
          <span>{`${data.videoCount} 个视频`}</span>
        </div>
        <div className="cc-play">
          <span className="cc-play-button">
            <PlayIcon />
          </span>
        </div>
      </div>
      <div className="cc-body">
        <p className="cc-title">{highlight?.name ?? data.name}</p>
        {highlight && 'snippet' in highlight ? <p className="cc-snippet">{highlight.snippet}</p> : null}
        <p className="cc-lecturer">{lecturer || '\u00a0'}</p>
        <div className="cc-views" aria-label={`播放 ${data.viewCount} 次`}>
          <EyeIcon />
          <span>{formatCount(data.viewCount)}</span>
        </div>
      </div>
    </a>
  );
}
