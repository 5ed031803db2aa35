import { Container, Page, Section, SectionHeading } from '../../components/ui/page';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactTips } from '../../features/contact/components/contact-tips';
import './routes.css';

export function LandingRoute() {
  return (
    <Page>
      <h1 className="visually-hidden">SEO Agency</h1>
      {/* The banner, about, services and pricing sections come from the content API (later features). */}
      <Section id="contact-sec" tone="muted" aria-labelledby="contact-sec-heading">
        <Container className="split">
          <div className="split__aside">
            <SectionHeading
              id="contact-sec-heading"
              eyebrow="Get in touch"
              title="Tell us about your project"
            >
              <p>
                Whether you want to climb the search results, fix the technical issues holding your
                site back or plan content that brings in the right visitors, we would like to hear
                about it.
              </p>
            </SectionHeading>
            <ContactTips />
          </div>
          <div className="card split__main">
            <ContactForm />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
