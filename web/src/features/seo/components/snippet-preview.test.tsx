import { describe, expect, it } from '@jest/globals';
import { textWidth } from '@contracts/seo/text-width';
import { render, screen } from '@testing-library/react';
import { breadcrumbOf, SnippetPreview } from './snippet-preview';

const renderPreview = (title: string, description: string) =>
  render(
    <SnippetPreview
      title={title}
      description={description}
      url="https://agency.example/pricing/"
      siteName="SEO Agency"
    />,
  );

describe('SnippetPreview', () => {
  it('shows a title and description that fit whole, under the URL as a breadcrumb', () => {
    renderPreview('Pricing | SEO Agency', 'Every package with its price and what it includes.');
    expect(screen.getByTestId('snippet-title').textContent).toBe('Pricing | SEO Agency');
    expect(screen.getByTestId('snippet-description').textContent).toBe(
      'Every package with its price and what it includes.',
    );
    expect(screen.getByText('agency.example › pricing')).toBeTruthy();
  });

  it('cuts by pixel width: 60 narrow letters fit, 60 wide ones are cut with " ..."', () => {
    const { unmount } = renderPreview('l'.repeat(60), 'Short.');
    expect(screen.getByTestId('snippet-title').textContent).toBe('l'.repeat(60));
    unmount();
    renderPreview('M'.repeat(60), 'Short.');
    const shown = screen.getByTestId('snippet-title').textContent!;
    expect(shown.endsWith(' ...')).toBe(true);
    // "M" is 833/1000 em: 577.76px of room at 20px before " ..." holds 34 of them.
    expect(shown).toBe(`${'M'.repeat(34)} ...`);
    expect(textWidth(shown, 20)).toBeLessThanOrEqual(600);
    expect(screen.getByText(/Title: 1000 of 600 px \(cut\)/)).toBeTruthy();
  });

  it('cuts a long description at a word, within 920px at 14px', () => {
    const description =
      'We audit your site, fix the technical problems that hold it back, write the pages your customers search for and report every month on the traffic and leads it brings, in plain words, with no long contract.';
    renderPreview('Services', description);
    const shown = screen.getByTestId('snippet-description').textContent!;
    expect(shown).not.toBe(description);
    expect(shown).toMatch(/[a-z,] \.\.\.$/);
    expect(description.startsWith(shown.slice(0, -4))).toBe(true);
    expect(textWidth(shown, 14)).toBeLessThanOrEqual(920);
  });

  it('breadcrumbs the home page as its host alone', () => {
    expect(breadcrumbOf('https://agency.example/')).toBe('agency.example');
  });
});
