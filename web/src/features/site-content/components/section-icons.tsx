import { Icon, type IconProps, stroke } from './icons';

/* The icons of the landing page's sections below the banner and of the pricing cards. */

export const CheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.14" />
    <path d="M7.5 12.5l3 3 6-6.5" {...stroke} strokeWidth={2.25} />
  </Icon>
);

export const ArrowLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19 12H5M11 6l-6 6 6 6" {...stroke} />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 9l6 6 6-6" {...stroke} />
  </Icon>
);

export const PlayIcon = (props: IconProps) => (
  <Icon {...props}>
    <path
      d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z"
      fill="currentColor"
    />
  </Icon>
);

export const QuoteIcon = (props: IconProps) => (
  <Icon {...props}>
    <path
      d="M9.5 6C6.4 7.2 4.5 9.8 4.5 13.2V18h5.5v-5.5H7c0-2 1.1-3.6 3.2-4.5zM19.5 6c-3.1 1.2-5 3.8-5 7.2V18H20v-5.5h-3c0-2 1.1-3.6 3.2-4.5z"
      fill="currentColor"
    />
  </Icon>
);
