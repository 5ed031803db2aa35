import { type ContentSnapshot } from '@contracts/content';
import { Container, Page, Section, SectionHeading } from '../../components/ui/page';
import { ContactForm } from '../../features/contact/components/contact-form';
import { ContactTips } from '../../features/contact/components/contact-tips';
import { collection, singleton, useContent } from '../../features/site-content/api/get-content';
import { AboutSection } from '../../features/site-content/components/about-section';
import { BannerSection } from '../../features/site-content/components/banner-section';
import { CallToActionSection } from '../../features/site-content/components/call-to-action-section';
import { ContactCardsSection } from '../../features/site-content/components/contact-cards-section';
import {
  ContentError,
  LandingSkeleton,
} from '../../features/site-content/components/content-states';
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

/** Every content section of the landing page, in order; a section without entries is left out. */
function LandingSections({ content }: { content: ContentSnapshot }) {
  const banner = singleton(content, 'banner');
  const about = singleton(content, 'about');
  const counters = singleton(content, 'counters');
  const video = singleton(content, 'videoSection');
  const experience = singleton(content, 'experience');
  const action = singleton(content, 'callToAction');

  return (
    <>
      {banner ? <BannerSection banner={banner} /> : <h1 className="visually-hidden">SEO Agency</h1>}
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

function ContactSection() {
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
        </div>
        <div className="card split__main">
          <ContactForm />
        </div>
      </Container>
    </Section>
  );
}

export function LandingRoute() {
  const content = useContent();

  // While loading, placeholders hold the page's shape; the contact form waits too, so that a
  // `/#contact-sec` link scrolls to where it ends up rather than to where it starts.
  if (content.isPending) {
    return (
      <Page>
        <LandingSkeleton />
      </Page>
    );
  }
  return (
    <Page>
      {content.data ? (
        <LandingSections content={content.data} />
      ) : (
        <>
          <h1 className="visually-hidden">SEO Agency</h1>
          <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
        </>
      )}
      <ContactSection />
    </Page>
  );
}
