import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useMatches } from 'react-router-dom';
import { contentQueryOptions } from '../../features/site-content/api/get-content';
import { applyHead } from '../../lib/seo/apply-head';
import { buildHead } from '../../lib/seo/head';
import { useCurrentPageTitle } from '../../lib/seo/page-title';
import { useSiteConfig } from '../../lib/site-config';
import { sitePageOf } from '../page-handle';

/**
 * Keeps `<head>` (title, description, canonical, Open Graph, JSON-LD, robots) in step with the page
 * after client-side navigations, from the same function the server wrote it with. Renders nothing.
 */
export function DocumentHead() {
  const page = sitePageOf(useMatches());
  // The signed-in and admin pages need no content: their head uses it only if it is already here.
  const { data: content } = useQuery({ ...contentQueryOptions(), enabled: page !== undefined });
  const { publicUrl } = useSiteConfig();
  const pageTitle = useCurrentPageTitle();
  const tags = useMemo(
    () => buildHead({ page, pageTitle, content, publicUrl }),
    [page, pageTitle, content, publicUrl],
  );
  useEffect(() => applyHead(document, tags), [tags]);
  return null;
}
