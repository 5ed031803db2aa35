import { Button, Link, Text } from './email-components.js';
import type { IntakeRequestMailProps } from '../../../contracts/intake.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

/** To the customer once the order is paid: the questions to answer before the work starts. */
export function IntakeRequestEmail(props: IntakeRequestMailProps) {
  return (
    <EmailLayout
      preview={`Tell us about your project: your ${props.packageName} order`}
      heading="Tell us about your project"
      footer={FOOTER_REASONS.order}
    >
      <Text style={textStyle}>
        Thank you for your payment for the {props.packageName} package. Before we start, we need a
        few details about your site and your goals: please answer the questions on your order page.
        The work starts as soon as we have them.
      </Text>
      <Button href={props.orderUrl} style={buttonStyle}>
        Answer the questions
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
