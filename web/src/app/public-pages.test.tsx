import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type ContentSnapshot, type Entry, type FieldDef } from '@contracts/content';
import { SECTIONS, type SectionKey } from '@contracts/content/sections';
import { isCrawlable } from '@contracts/crawling';
import { PUBLIC_PAGES, type PublicPage, sectionsShownOn } from '@contracts/public-pages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { CONTENT_SNAPSHOT_KEY } from '../lib/query-keys';
import { fakeApi } from '../testing/fake-api';
import { createTestQueryClient } from '../testing/render';
import { discoverRoutes } from './browser-router';
import { clientRenderedRoutes } from './route-discovery';
import { routes } from './router';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** A valid value of a field's type, naming its section and field where it is text. */
function sampleValue(section: string, field: FieldDef): string {
  switch (field.type) {
    case 'url':
      return `https://example.com/${section}`;
    case 'image':
      return `/demo/${section}-10x10.svg`;
    case 'email':
      return `${section}@example.com`;
    case 'numberText':
      return '12';
    case 'percent':
      return '50';
    case 'price':
      return '49';
    case 'select':
      return field.options![0]!;
    default:
      return `${section} ${field.name}`;
  }
}

/**
 * A snapshot with a record in every section, whose `sections` notes each section a component reads
 * (`snapshot.sections[key]`, as `singleton` and `collection` do).
 */
function recordingSnapshot(read: Set<string>): ContentSnapshot {
  const sections = Object.fromEntries(
    SECTIONS.map((section): [string, Entry[]] => [
      section.key,
      [
        {
          _id: `${section.key}-1`,
          ...Object.fromEntries(section.fields.map((f) => [f.name, sampleValue(section.key, f)])),
        },
      ],
    ]),
  );
  return {
    sections: new Proxy(sections, {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return target[key as string];
      },
    }) as ContentSnapshot['sections'],
  };
}

/** Every path of the router, parameters filled in (`/banner/{id}` → `/banner/<uuid>`). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.path && !route.path.includes('*') ? [path.replace(/:\w+/g, ID)] : [];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

describe('the public pages of contracts/public-pages.ts', () => {
  const realFetch = globalThis.fetch;
  const { scrollTo, matchMedia, IntersectionObserver, ResizeObserver } = window;
  class NoObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  beforeEach(() => {
    // What jsdom lacks: scrolling (the router restores it), media queries and observers (carousels).
    window.scrollTo = jest.fn() as typeof window.scrollTo;
    Object.assign(window, { IntersectionObserver: NoObserver, ResizeObserver: NoObserver });
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    Object.assign(window, { scrollTo, matchMedia, IntersectionObserver, ResizeObserver });
  });

  it.each(PUBLIC_PAGES.map((page): [string, PublicPage] => [page.path, page]))(
    '%s reads the sections it is said to show (its sitemap lastmod depends on them), and no other',
    async (_path, page) => {
      fakeApi(({ url }) =>
        url.pathname === '/api/auth/session'
          ? [200, { account: null, googleSignIn: false }]
          : undefined,
      );
      const errors = jest.spyOn(console, 'error');
      const read = new Set<string>();
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(CONTENT_SNAPSHOT_KEY, recordingSnapshot(read));
      const router = createMemoryRouter(clientRenderedRoutes(), {
        initialEntries: [page.path],
        patchRoutesOnNavigation: discoverRoutes,
      });
      render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );

      // The page and the footer (its last part) are rendered.
      // (The first page loads the app's code: on a busy machine that takes a while.)
      const loaded = { timeout: 15_000 };
      expect(await screen.findByRole('heading', { level: 1 }, loaded)).toBeInTheDocument();
      expect(await screen.findByText('copyright copyrightText', {}, loaded)).toBeInTheDocument();
      // Every page also reads its own Page SEO entry (the sitemap dates the page by that entry alone).
      const shown = new Set<SectionKey>([...sectionsShownOn(page), 'seoPages']);
      const undeclared = [...read].filter((key) => !shown.has(key as SectionKey));
      expect(undeclared).toStrictEqual([]); // sections the page reads that it is not said to show
      const unread = page.sections.filter((key) => !read.has(key));
      expect(unread).toStrictEqual([]); // sections it is said to show that it does not read
      // Rendered whole: no error caught by a boundary on the way.
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    },
    30_000,
  );

  it('are the only addresses of the app crawlers may fetch (with /contact-us, the contact page)', () => {
    const open = new Set([
      '/contact-us',
      ...PUBLIC_PAGES.map((page) => page.path.replace(/(.)\/$/, '$1')),
    ]);
    const paths = routePaths(routes);
    // The walk reaches the admin screens and the account pages.
    expect(paths).toEqual(expect.arrayContaining(['/setting', `/banner/${ID}`, '/dashboard']));
    const wrong = paths
      // `/:id` (the about editor) is one segment like a page: it is left to its noindex.
      .filter((path) => path !== `/${ID}`)
      .filter((path) => isCrawlable(path) !== open.has(path));
    expect(wrong).toStrictEqual([]);
  });
});
