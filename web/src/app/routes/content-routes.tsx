import { type SectionDef } from '@contracts/content/sections';
import { type RouteObject } from 'react-router-dom';
import {
  CONTENT_ADMIN_PAGES,
  CONTENT_SECTIONS,
  type ContentAdminPage,
  EXTRA_EDIT_SCREENS,
  findAdminSection,
  isSingleSegmentEditPath,
  toRoutePattern,
} from '../../features/content-admin/section-pages';

function listRoute(page: ContentAdminPage): RouteObject {
  return {
    path: toRoutePattern(page.path),
    lazy: async () => {
      const { ContentListRoute } = await import('./content-list');
      return { Component: () => <ContentListRoute page={page} /> };
    },
  };
}

function editScreen(section: SectionDef, title?: string) {
  return async () => {
    const { ContentEditRoute } = await import('./content-edit');
    return { Component: () => <ContentEditRoute section={section} title={title} /> };
  };
}

function editRoute(path: string, section: SectionDef, title?: string): RouteObject {
  return { path: toRoutePattern(path), lazy: editScreen(section, title) };
}

const singleSegmentSection = CONTENT_SECTIONS.find(isSingleSegmentEditPath);

/**
 * The admin content screens, generated from the section registry (spec §2 "Content editing"):
 * one page per list path, one edit screen per section. They go inside the admin guard.
 */
export const contentAdminRoutes: RouteObject[] = [
  ...CONTENT_ADMIN_PAGES.map(listRoute),
  ...CONTENT_SECTIONS.filter((section) => !isSingleSegmentEditPath(section)).map((section) =>
    editRoute(section.admin.editPath, section),
  ),
  ...EXTRA_EDIT_SCREENS.map(({ path, sectionKey, title }) =>
    editRoute(path, findAdminSection(sectionKey)!, title),
  ),
];

/**
 * `/:id`, the about editor: outside the login guard, so that any other one-segment address is
 * "Page not found" for everybody (not a trip to /login); an entry id gets the guarded editor.
 */
export const contentEntryIdRoute: RouteObject = {
  path: ':id',
  lazy: async () => ({ Component: (await import('./content-entry-id')).ContentEntryIdGate }),
  children: [
    {
      lazy: async () => ({ Component: (await import('./guards')).RequireAuth }),
      children: [
        {
          lazy: async () => ({ Component: (await import('./guards')).RequireAdmin }),
          children: singleSegmentSection
            ? [{ index: true, lazy: editScreen(singleSegmentSection) }]
            : [],
        },
      ],
    },
  ],
};
