import type { ReactNode, SVGProps } from 'react';

/** Inline line icons (no icon font or CDN). Size follows the font size; colour follows `color`. */
function make(paths: ReactNode, displayName: string) {
  function IconComponent(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  }
  IconComponent.displayName = displayName;
  return IconComponent;
}

export const HomeIcon = make(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
    <path d="M10 21v-6h4v6" />
  </>,
  'HomeIcon',
);
export const UserIcon = make(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
  'UserIcon',
);
export const AwardIcon = make(
  <>
    <circle cx="12" cy="9" r="6" />
    <path d="M8.5 14 7 22l5-3 5 3-1.5-8" />
  </>,
  'AwardIcon',
);
export const LayersIcon = make(
  <>
    <path d="m12 3 9 5-9 5-9-5z" />
    <path d="m3 13 9 5 9-5" />
  </>,
  'LayersIcon',
);
export const PhoneIcon = make(
  <>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </>,
  'PhoneIcon',
);
export const SearchIcon = make(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
  'SearchIcon',
);
export const ChevronDownIcon = make(<path d="m6 9 6 6 6-6" />, 'ChevronDownIcon');
export const ChevronUpIcon = make(<path d="m6 15 6-6 6 6" />, 'ChevronUpIcon');
export const ChevronLeftIcon = make(<path d="m15 6-6 6 6 6" />, 'ChevronLeftIcon');
export const ChevronRightIcon = make(<path d="m9 6 6 6-6 6" />, 'ChevronRightIcon');
export const PlayIcon = make(<path d="M7 4.5v15l13-7.5z" fill="currentColor" stroke="none" />, 'PlayIcon');
export const EyeIcon = make(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'EyeIcon',
);
export const VideoIcon = make(
  <>
    <rect x="2" y="5" width="14" height="14" rx="2" />
    <path d="m16 10 6-3v10l-6-3" />
  </>,
  'VideoIcon',
);
export const BookIcon = make(
  <>
    <path d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5z" />
    <path d="M4 21.5A2.5 2.5 0 0 1 6.5 19H20v3H6.5" />
  </>,
  'BookIcon',
);
export const HelpIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5" />
    <path d="M12 17h.01" />
  </>,
  'HelpIcon',
);
export const RefreshIcon = make(
  <>
    <path d="M20 11a8 8 0 0 0-14.9-3.5L4 9" />
    <path d="M4 4v5h5" />
    <path d="M4 13a8 8 0 0 0 14.9 3.5L20 15" />
    <path d="M20 20v-5h-5" />
  </>,
  'RefreshIcon',
);
export const MailIcon = make(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
  'MailIcon',
);
export const ClockIcon = make(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
  'ClockIcon',
);
export const MapPinIcon = make(
  <>
    <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
  'MapPinIcon',
);
export const HeadsetIcon = make(
  <>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </>,
  'HeadsetIcon',
);
export const ThumbIcon = make(
  <>
    <path d="M7 10v11H4V10z" />
    <path d="M7 10l4-7a2.5 2.5 0 0 1 3 3l-1 4h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7" />
  </>,
  'ThumbIcon',
);
export const MessageIcon = make(<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />, 'MessageIcon');
export const GridIcon = make(
  <>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </>,
  'GridIcon',
);
export const ChartIcon = make(
  <>
    <path d="M4 20V10" />
    <path d="M10 20V4" />
    <path d="M16 20v-7" />
    <path d="M22 20H2" />
  </>,
  'ChartIcon',
);
export const LinkIcon = make(
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </>,
  'LinkIcon',
);
export const AlertIcon = make(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </>,
  'AlertIcon',
);
export const InboxIcon = make(
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
  </>,
  'InboxIcon',
);
export const ConstructionIcon = make(
  <>
    <path d="M9 3h6l4 17H5z" />
    <path d="M7.2 11h9.6" />
    <path d="M6 16h12" />
    <path d="M3 21h18" />
  </>,
  'ConstructionIcon',
);
