// The app's one icon set: small line icons drawn for it (24×24, currentColor).
import type { JSX } from 'preact';

const svg = (children: JSX.Element | JSX.Element[], cls = '') => (
  <svg class={cls ? `icon ${cls}` : 'icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

export const icons = {
  back: () => svg(<path d="M15 5l-7 7 7 7" />),
  analysis: () => svg([<circle cx="10.5" cy="10.5" r="6" />, <path d="M15 15l5 5" />]),
  undo: () => svg([<path d="M9 14L4 9l5-5" />, <path d="M4 9h10a6 6 0 010 12h-3" />]),
  hint: () =>
    svg([
      <path d="M9 18h6M10 21h4" />,
      <path d="M12 3a6 6 0 00-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0012 3z" />,
    ]),
  draw: () =>
    svg([<path d="M5 19L19 5" />, <circle cx="7" cy="7" r="2.5" />, <circle cx="17" cy="17" r="2.5" />]),
  flag: () => svg([<path d="M6 21V4" />, <path d="M6 4h11l-2 4 2 4H6" />]),
  flip: () => svg([<path d="M7 4v16M4 7l3-3 3 3" />, <path d="M17 20V4M14 17l3 3 3-3" />]),
  first: () => svg([<path d="M6 5v14" />, <path d="M18 5l-7 7 7 7" />]),
  prev: () => svg(<path d="M15 5l-7 7 7 7" />),
  next: () => svg(<path d="M9 5l7 7-7 7" />),
  last: () => svg([<path d="M18 5v14" />, <path d="M6 5l7 7-7 7" />]),
  gear: () =>
    svg([
      <circle cx="12" cy="12" r="3" />,
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1" />,
    ]),
  book: () => svg([<path d="M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2z" />, <path d="M4 21V5M8 7h7" />]),
  list: () => svg(<path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />),
  robot: () =>
    svg([<rect x="4" y="7" width="16" height="12" rx="3" />, <path d="M12 3v4M9 12h.01M15 12h.01M9 16h6" />]),
  people: () =>
    svg([
      <circle cx="8" cy="8" r="3" />,
      <circle cx="17" cy="9" r="2.5" />,
      <path d="M2 20a6 6 0 0112 0M14 20a4.5 4.5 0 018 0" />,
    ]),
  /** quick pairing: two players and a spark between them */
  pairing: () =>
    svg([
      <circle cx="6" cy="8" r="2.5" />,
      <circle cx="18" cy="8" r="2.5" />,
      <path d="M2 19a4 4 0 018 0M14 19a4 4 0 018 0M12.5 5l-1.5 4h2l-1.5 4" />,
    ]),
  /** the player's profile */
  person: () => svg([<circle cx="12" cy="8" r="4" />, <path d="M4 21a8 8 0 0116 0" />]),
  puzzle: () => svg([<path d="M4 4h7v3a2 2 0 104 0V4h5v16H4z" />]),
  play: () => svg(<path d="M7 4l13 8-13 8z" />),
  download: () => svg([<path d="M12 4v11M7 10l5 5 5-5" />, <path d="M4 20h16" />]),
  copy: () => svg([<rect x="8" y="8" width="12" height="12" rx="2" />, <path d="M4 16V4h12" />]),
  close: () => svg(<path d="M6 6l12 12M18 6L6 18" />),
  flame: () =>
    svg(
      <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 01-10 0c0-2.2 1.2-3.6 2.4-4.6.2 1.6.9 2.6 2 3.1C11 8.6 11.5 5.6 12 3z" />,
    ),
  trophy: () =>
    svg([
      <path d="M8 4h8v5a4 4 0 01-8 0z" />,
      <path d="M8 6H5a3 3 0 003 4M16 6h3a3 3 0 01-3 4M12 13v4M8 20h8" />,
    ]),
  share: () => svg([<path d="M12 15V4M8 8l4-4 4 4" />, <path d="M5 12v7a1 1 0 001 1h12a1 1 0 001-1v-7" />]),
  replay: () => svg([<path d="M4 12a8 8 0 102.3-5.7" />, <path d="M4 4v4h4" />]),
  calendar: () =>
    svg([<rect x="4" y="5" width="16" height="15" rx="2" />, <path d="M4 10h16M9 3v4M15 3v4" />]),
  chevron: (cls = '') => svg(<path d="M9 5l7 7-7 7" />, cls),
  /** more time for the opponent: a clock and a plus */
  moreTime: () => svg([<circle cx="10.5" cy="13" r="7" />, <path d="M10.5 9v4l2.5 2M19 3v6M16 6h6" />]),
  /** watching games: an eye */
  watch: () =>
    svg([<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />, <circle cx="12" cy="12" r="3" />]),
  /** notifications: a bell */
  bell: () => svg([<path d="M6 16V11a6 6 0 0112 0v5l2 2H4z" />, <path d="M10 20a2 2 0 004 0" />]),
  /** marks of the puzzle archive: solved, not solved, started */
  check: () => svg(<path d="M6 12.5l4 4 8-9" />, 'mark-icon'),
  cross: () => svg(<path d="M7 7l10 10M17 7L7 17" />, 'mark-icon'),
  half: () => svg(<path d="M12 5a7 7 0 010 14z" />, 'mark-icon fill'),
};
