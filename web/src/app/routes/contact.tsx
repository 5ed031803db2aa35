import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactTips } from '../../features/contact/components/contact-tips';
import './routes.css';

export function ContactRoute() {
  return (
    <Page title="Contact Us">
      <PageHeader eyebrow="Get in touch" title="Contact Us">
        <p>
          Have a question about our SEO services or want to talk through a project? Send us a
          message and we will get back to you as soon as possible.
        </p>
      </PageHeader>
      <Section aria-label="Contact form">
        <Container className="split split--form-first">
          <div className="card split__main">
            <ContactForm />
          </div>
          <div className="split__aside">
            <ContactTips headingLevel={2} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
