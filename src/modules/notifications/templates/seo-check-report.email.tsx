import type { MailTemplates } from '../../../platform/mail/mail.port.js';
import { Button, Text } from './email-components.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, textStyle } from './email-layout.js';

type Props = MailTemplates['seoCheckReport'];

/**
 * The link to a free SEO check's report, to the address the visitor gave with it. It repeats nothing
 * the visitor typed, not even the checked address: anyone can type anyone's e-mail, and this mail must
 * not carry a stranger's link to it in the agency's name.
 */
export function SeoCheckReportEmail(props: Props) {
  const result =
    props.score === null
      ? 'We could not check the page; the report says why.'
      : `The page scored ${props.score} out of 100.`;
  return (
    <EmailLayout
      preview="Your SEO check is ready"
      heading="Your SEO check is ready"
      footer={FOOTER_REASONS.seoCheck}
    >
      <Text style={textStyle}>You asked for a free SEO check on our website. {result}</Text>
      <Button href={props.reportUrl} style={buttonStyle}>
        See the report
      </Button>
      <Text style={textStyle}>
        Each item says what we found, why it matters and how much it weighs in the score. Reply to
        this e-mail if you would like us to help.
      </Text>
    </EmailLayout>
  );
}
