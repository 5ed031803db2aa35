import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from './email-components.js';
import type { ReactNode } from 'react';

const colors = { ink: '#14213d', muted: '#5b6475', accent: '#1f6feb', paper: '#f5f7fb' };

export function EmailLayout(props: {
  preview: string;
  heading: string;
  /** Why the reader gets this e-mail (FOOTER_REASONS), and for a newsletter how to unsubscribe. */
  footer: ReactNode;
  /** The sender's postal address, which newsletters carry (CAN-SPAM). */
  postalAddress?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colors.paper, fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container
          style={{
            backgroundColor: '#ffffff',
            padding: '32px',
            margin: '24px auto',
            maxWidth: '560px',
          }}
        >
          <Text
            style={{ color: colors.accent, fontWeight: 700, letterSpacing: '0.04em', margin: 0 }}
          >
            SEO AGENCY
          </Text>
          <Heading as="h1" style={{ color: colors.ink, fontSize: '22px' }}>
            {props.heading}
          </Heading>
          <Section>{props.children}</Section>
          <Hr />
          <Text style={{ color: colors.muted, fontSize: '12px' }}>{props.footer}</Text>
          {props.postalAddress && (
            <Text style={{ color: colors.muted, fontSize: '12px', whiteSpace: 'pre-line' }}>
              {props.postalAddress}
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

export const textStyle = { color: colors.ink, fontSize: '15px', lineHeight: '24px' };
export const buttonStyle = {
  backgroundColor: colors.accent,
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontWeight: 600,
  textDecoration: 'none',
};
export const labelStyle = { color: colors.muted, fontSize: '13px', margin: '12px 0 0' };
