/**
 * The React Email components the templates use, each from its own package: the
 * `@react-email/components` barrel would also load Tailwind, the code block (Prism) and Prettier,
 * ≈ 3 MB of source no template uses, into every process that renders e-mails (the worker).
 * Templates import from here, never from the barrel.
 */
export { Body } from '@react-email/body';
export { Button } from '@react-email/button';
export { Container } from '@react-email/container';
export { Head } from '@react-email/head';
export { Heading } from '@react-email/heading';
export { Hr } from '@react-email/hr';
export { Html } from '@react-email/html';
export { Link } from '@react-email/link';
export { Preview } from '@react-email/preview';
export { Section } from '@react-email/section';
export { Text } from '@react-email/text';
