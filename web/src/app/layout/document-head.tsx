import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router-dom';
import { contentQueryOptions } from '../../features/site-content/api/get-content';
import { type HeadInput } from '../../lib/seo/head';
import { useCurrentPageTitle } from '../../lib/seo/page-title';
import { useSiteConfig } from '../../lib/site-config';
import { useHydrated } from '../../lib/use-hydrated';
import { sitePageOf } from '../page-handle';

/**
 * The code that writes the head (the tags, the structured data): no part of a page's first load,
 * loaded when the head is first to change.
 */
const loadHeadWriter = () =>
  Promise.all([import('../../lib/seo/head'), import('../../lib/seo/apply-head')]);

const sameInput = (a: HeadInput, b: HeadInput) =>
  a.page === b.page &&
  a.pageTitle === b.pageTitle &&
  a.content === b.content &&
  a.publicUrl === b.publicUrl;

/**
 * Keeps `<head>` (title, description, canonical, Open Graph, JSON-LD, robots) in step with the page
 * after client-side navigations, from the same function the server wrote it with. Renders nothing.
 * A page the server rendered has its head already, written from what it hydrates with: the head is
 * left alone until one of those changes.
 */
export function DocumentHead() {
  const page = sitePageOf(useMatches());
  // The signed-in and admin pages need no content: their head uses it only if it is already here.
  const { data: content } = useQuery({ ...contentQueryOptions(), enabled: page !== undefined });
  const { publicUrl } = useSiteConfig();
  const pageTitle = useCurrentPageTitle();
  // While hydrating (and only then), `useHydrated` is false: the server wrote the head from this.
  const hydrating = !useHydrated();
  const serverInput = useRef<HeadInput | undefined>(
    hydrating ? { page, pageTitle, content, publicUrl } : undefined,
  );
  useEffect(() => {
    const input: HeadInput = { page, pageTitle, content, publicUrl };
    if (serverInput.current && sameInput(serverInput.current, input)) return;
    serverInput.current = undefined;
    let current = true;
    loadHeadWriter().then(
      ([{ buildHead }, { applyHead }]) => {
        if (current) applyHead(document, buildHead(input));
      },
      // The chunk did not load (offline, a new deployment): the head is written on the next change.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [page, pageTitle, content, publicUrl]);
  return null;
}
