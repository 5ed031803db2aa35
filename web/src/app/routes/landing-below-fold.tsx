import { type ContentSnapshot } from '@contracts/content';
import { Link } from 'react-router-dom';
import { Container, Section, SectionHeading } from '../../components/ui/page';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactTips } from '../../features/contact/components/contact-tips';
import { collection, singleton } from '../../features/site-content/api/get-content';
import { AboutSection } from '../../features/site-content/components/about-section';
import { CallToActionSection } from '../../features/site-content/components/call-to-action-section';
import { ContactCardsSection } from '../../features/site-content/components/contact-cards-section';
import { CountersSection } from '../../features/site-content/components/counters-section';
import { ExperienceSection } from '../../features/site-content/components/experience-section';
import { FaqSection } from '../../features/site-content/components/faq-section';
import { FeaturesSection } from '../../features/site-content/components/features-section';
import { PricingSection } from '../../features/site-content/components/pricing-section';
import { ServicesSection } from '../../features/site-content/components/services-section';
import { StepsSection } from '../../features/site-content/components/steps-section';
import { TeamSection } from '../../features/site-content/components/team-section';
import { TestimonialsSection } from '../../features/site-content/components/testimonials-section';
import { VideoSection } from '../../features/site-content/components/video-section';
import { WorkStepsSection } from '../../features/site-content/components/work-steps-section';
import './routes.css';

/*
 * The landing page below its first screen, loaded apart from the page's own chunk (landing.tsx):
 * the browser needs none of it to show and hydrate the banner, and hydrates it once it has arrived,
 * keeping the server's markup meanwhile.
 */

/**
 * The content sections after the banner, in order; a section without entries is left out.
 */
export function LandingMoreSections({ content }: { content: ContentSnapshot }) {
  const about = singleton(content, 'about');
  const counters = singleton(content, 'counters');
  const video = singleton(content, 'videoSection');
  const experience = singleton(content, 'experience');
  const action = singleton(content, 'callToAction');

  return (
    <>
      {about && <AboutSection about={about} counters={counters} />}
      {counters && <CountersSection counters={counters} />}
      <ServicesSection
        id="services-sec"
        text={singleton(content, 'serviceText')}
        items={collection(content, 'serviceItems')}
      />
      {video && <VideoSection video={video} items={collection(content, 'videoItems')} />}
      <StepsSection steps={collection(content, 'steps')} />
      <WorkStepsSection steps={collection(content, 'workSteps')} />
      <FeaturesSection
        text={singleton(content, 'featuresText')}
        items={collection(content, 'featureItems')}
      />
      <PricingSection packages={collection(content, 'pricing')} />
      {experience && <ExperienceSection experience={experience} />}
      <TeamSection
        text={singleton(content, 'teamText')}
        members={collection(content, 'teamMembers')}
      />
      <FaqSection text={singleton(content, 'faqText')} items={collection(content, 'faqItems')} />
      <TestimonialsSection
        text={singleton(content, 'testimonialText')}
        items={collection(content, 'testimonials')}
      />
      <ContactCardsSection cards={collection(content, 'contactCards')} />
      {action && <CallToActionSection action={action} />}
    </>
  );
}

/** The contact form with its heading and tips: the target of the site's `/#contact-sec` links. */
export function ContactSection() {
  return (
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
          <p>
            Not ready to talk yet? <Link to="/seo-check">Run a free SEO check of your site</Link>.
          </p>
        </div>
        <div className="card split__main">
          <ContactForm />
        </div>
      </Container>
    </Section>
  );
}
